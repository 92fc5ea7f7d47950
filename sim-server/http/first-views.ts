/**
 * A signed-in player's own parts of a page's first view, filled in per request: the build wrote
 * the page with those parts blank between `<!--first-view:NAME-->` and `<!--/first-view:NAME-->`
 * (scripts/prerender.ts); the server asks the page's first method as the player, through the
 * same call the app's request would take (auth, rate limit, validation), and puts in what the
 * app's own components render from the answer (src/first-views/render.tsx, built for Node into
 * dist/ssr/first-views.js). Without that module, a session, or an answer, the blank page is sent
 * as it was built and the app fills it in.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PersonalParts } from '../../src/first-views/render.tsx';
import type { RpcCall } from '../rpc/routes.ts';

/** Where the build puts the first views' module under the built app. */
export const FIRST_VIEWS_MODULE = join('ssr', 'first-views.js');

const PART = /<!--first-view:([\w-]+)-->[\s\S]*?<!--\/first-view:\1-->/g;

/** The player who asks: their access token and address, as a method call takes them. */
export interface Asker {
  token: string;
  ip: string;
}

/** Fills in the player's parts of built pages; undefined when a page has none or they cannot be had. */
export type FirstViewFiller = (file: string, path: string, asker: Asker) => Promise<string | undefined>;

export function createFirstViews(staticDir: string, call: RpcCall): FirstViewFiller {
  let views: { mtimeMs: number; pages: Readonly<Record<string, PersonalParts>> } | undefined;
  const pages = new Map<string, { mtimeMs: number; html: string }>();

  /** The built module's pages, loaded again after a rebuild. */
  async function firstViews(): Promise<Readonly<Record<string, PersonalParts>> | undefined> {
    const file = join(staticDir, FIRST_VIEWS_MODULE);
    const mtimeMs = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs === undefined) return undefined;
    if (views?.mtimeMs !== mtimeMs) {
      const module = (await import(`${pathToFileURL(file).href}?built=${mtimeMs}`)) as { FIRST_VIEWS: Readonly<Record<string, PersonalParts>> };
      views = { mtimeMs, pages: module.FIRST_VIEWS };
    }
    return views.pages;
  }

  /** A built page's text, read again after a rebuild. */
  function builtPage(file: string): string {
    const path = join(staticDir, file);
    const mtimeMs = statSync(path).mtimeMs;
    const cached = pages.get(path);
    if (cached?.mtimeMs === mtimeMs) return cached.html;
    const html = readFileSync(path, 'utf8');
    pages.set(path, { mtimeMs, html });
    return html;
  }

  return async (file, path, asker) => {
    const view = (await firstViews())?.[path];
    if (!view) return undefined;
    const html = builtPage(file);
    if (!html.includes('<!--first-view:')) return undefined;
    const query = new URLSearchParams(view.params).toString();
    const answer = await call({ name: view.method, url: `/api/method/${view.method}?${query}`, body: undefined, isPost: false, token: asker.token, ip: asker.ip });
    if (answer.status !== 200 || !('response' in answer.body)) return undefined;
    const result = answer.body.response;
    return html.replace(PART, (blank, part: string) => view.render(part, result) ?? blank);
  };
}
