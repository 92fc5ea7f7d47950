/**
 * What must happen before any other module reads the browser's state; main.tsx imports this
 * first, so it runs before the settings store or the router load.
 *
 * It is a script of its own (the 'boot' chunk, vite.config.ts), and the only code that reads
 * `document.cookie` while its module is evaluated: others read cookies at first use. Under an
 * inspector (Lighthouse, DevTools) Chromium reports every cookie read with the stack, and V8
 * re-parses each script on that stack for its source positions; read from the first page's
 * chunk as it was evaluated, that was a re-parse of its 200 KiB, 10-15 ms of one task on this
 * machine (docs/decisions/0053). A phone without an inspector never re-parses; the reads' own
 * cost (each a round trip to the browser's cookie store) is small either way.
 */
import { checkStateVersion } from '../storage/state-version.ts';
import { canonicalPublicPath } from './locale.ts';

/** Saved state of another version was cleared (document 1 section 9). */
export const stateCleared = checkStateVersion();

// Double slashes collapse and an unsupported language prefix falls back to English, in the
// address bar too, before the router reads it.
const canonical = canonicalPublicPath(location.pathname);
if (canonical) history.replaceState(history.state, '', `${canonical}${location.search}${location.hash}`);

/**
 * index.html carries a title and preview tags for clients without scripts (a prerendered page
 * its own); the app writes its own per page, so main.tsx drops these just before it renders.
 */
export function dropStaticHead(): void {
  for (const tag of document.head.querySelectorAll('title, meta[name="description"], meta[property^="og:"], meta[name^="twitter:"], link[rel="canonical"]')) tag.remove();
}
