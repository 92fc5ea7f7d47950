/**
 * The parts of a page's first view that differ from request to request (a signed-in player's
 * items, a finished battle), filled in per request: the build wrote the page with those parts
 * blank, or the loading placeholder, between `<!--first-view:NAME-->` and `<!--/first-view:NAME-->`
 * (scripts/prerender.ts); the server asks the page's first method as the asker, through the
 * same call the app's request would take (auth, rate limit, validation), and puts in what the
 * app's own components render from the answer (src/first-views/render.tsx, built for Node into
 * dist/ssr/first-views.js). Without that module or an answer, the page is sent as it was built
 * and the app fills it in.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FirstViewParts } from '../../src/first-views/render.tsx';
import type { RpcCall } from '../rpc/routes.ts';
import { readOncePerBuild } from './built-file.ts';
import { matchRoute, routeParams } from './page-routes.ts';

/** Where the build puts the first views' module under the built app. */
export const FIRST_VIEWS_MODULE = join('ssr', 'first-views.js');

const PART = /<!--first-view:([\w-]+)-->[\s\S]*?<!--\/first-view:\1-->/g;

/** The part that is a frame's loading placeholder: the page itself goes there (src/features/shell/page-loading.tsx). */
const WHOLE_PAGE = 'page';

/** Who asks: their access token (none for a visitor) and address, as a method call takes them. */
export interface Asker {
  token: string | undefined;
  ip: string;
}

/** Fills in a built page's parts for who asks; undefined when the page has none or they cannot be had. */
export type FirstViewFiller = (file: string, path: string, asker: Asker) => Promise<string | undefined>;

/**
 * The filler for the app built in `staticDir`. A module that does not load, or a part that does
 * not render, is logged and the page goes as built: a first view is never worth a failed page.
 */
export function createFirstViews(staticDir: string, call: RpcCall, log: { error(obj: unknown, msg: string): void }): FirstViewFiller {
  /** The built module's pages; a module that does not load is logged once per build, and its pages go as built. */
  const readModule = readOncePerBuild((file, mtimeMs) =>
    (import(`${pathToFileURL(file).href}?built=${mtimeMs}`) as Promise<{ FIRST_VIEWS: Readonly<Record<string, FirstViewParts>> }>).then(
      (module) => module.FIRST_VIEWS,
      (error: unknown): Readonly<Record<string, FirstViewParts>> => {
        log.error({ err: error }, 'first views: the built module did not load');
        return {};
      },
    ),
  );
  const readPage = readOncePerBuild((path) => readFileSync(path, 'utf8'));

  return async (file, path, asker) => {
    try {
      return await fill(file, path, asker);
    } catch (error) {
      log.error({ err: error, path }, 'first view: a part did not render');
      return undefined;
    }
  };

  async function fill(file: string, path: string, asker: Asker): Promise<string | undefined> {
    const views = await readModule(join(staticDir, FIRST_VIEWS_MODULE));
    const pattern = views && matchRoute(path, Object.keys(views));
    const route = pattern === undefined ? undefined : routeParams(pattern, path);
    if (!views || pattern === undefined || !route) return undefined;
    const view = views[pattern]!;
    const html = readPage(join(staticDir, file));
    if (!html?.includes('<!--first-view:')) return undefined;
    const query = new URLSearchParams(view.params(route)).toString();
    const answer = await call({ name: view.method, url: `/api/method/${view.method}?${query}`, body: undefined, isPost: false, token: asker.token, ip: asker.ip });
    if (answer.status !== 200 || !('response' in answer.body)) return undefined;
    const result = answer.body.response;
    const filled = new Set<string>();
    const page = html.replace(PART, (built, part: string) => {
      const markup = view.render(part, result, route);
      if (markup !== undefined) filled.add(part);
      return markup ?? built;
    });
    if (filled.size === 0) return undefined;
    // A page rendered whole (in place of the frame's placeholder) paints from HTML first, as a
    // copy does: the route's code, which the frame's head names to come at once, shared the slow
    // link with the page's styles and pictures (docs/decisions/0037). It comes with the app.
    return filled.has(WHOLE_PAGE) ? page.replace(/<link rel="modulepreload"[^>]*>/g, '') : page;
  }
}

