import type { QueryClient } from '@tanstack/react-query';
import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { NotFound, PageLoading } from '../features/shell/index.ts';
import { untilLoaded } from '../ui/until-loaded.ts';
import { languageRewrite } from './locale.ts';
import { routeTree } from './route-tree.gen.ts';

/** What every route's loader and component can reach. */
export interface RouterContext {
  queryClient: QueryClient;
}

/** The app's router over the generated file-route tree. */
export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // /{lang} prefixes come off before matching and go back on every link (locale.ts).
    rewrite: languageRewrite,
    defaultPreload: 'intent',
    // Preloading goes through react-query, which decides freshness itself.
    defaultPreloadStaleTime: 0,
    // Every page's loading and failure views are these two (docs/design.md section 8): a load
    // under 400 ms shows no placeholder at all, and one that does show stays 300 ms, so a
    // load that ends just after the threshold does not blink it.
    defaultPendingComponent: PageLoading,
    defaultPendingMs: 400,
    defaultPendingMinMs: 300,
    // Loaded when a page fails: offline, or an error the server answered. Offline before its
    // chunk is cached, it waits for the connection (untilLoaded) rather than failing, which
    // the router would answer with a reload onto the browser's offline page.
    defaultErrorComponent: lazyRouteComponent(() => untilLoaded(() => import('../features/shell/on-demand.ts')), 'RouteError'),
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
