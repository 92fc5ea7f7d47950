/**
 * The shell as each route's own first page. A page the server answers with the shell (a
 * signed-in player's, a battle's, any page the build did not prerender) has nothing to paint
 * until the app has its route's code, and that code arrives as a chain: the entry asks for the
 * data layer, then for the route's chunk, which asks for its shared chunks, each link a round
 * trip on a slow phone's network (the entry names no lazy chunk ahead: vite.config.ts,
 * modulePreload). Each copy of index.html written here names its route's whole code and styles
 * in the head, so the browser fetches them beside the entry; the server picks the copy by the
 * route the address matches (sim-server/http/page-routes.ts).
 *
 * Read from Vite's manifest (dist/.vite/manifest.json): a route file's lazy part is the entry
 * `src/routes/<file>.tsx?tsr-split=component---loader`, and a chunk's `imports` are what it
 * needs before it runs.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageFolder } from '../sim-server/http/page-routes.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The lazy part of a route file that renders it (its error and not-found parts load on a failure). */
const RENDER_PART = /^src\/routes\/(.+)\.tsx\?tsr-split=(?:component---loader|loader---component|component)$/;

/** What every page needs after the entry: the data layer (src/net/transport.ts). */
const EVERY_PAGE = ['src/net/transport.ts'];

/** The address pattern a route file serves: `battle/$gameId` is /battle/$gameId, an index or route file its folder's. */
export function routePath(file: string): string {
  const parts = file.split('/').filter((part) => part !== 'index' && part !== 'route');
  return `/${parts.join('/')}`;
}

/**
 * The file under dist/ a page's HTML is written to in `folder`: shells/ here, prerendered/ and
 * signed-in/ for scripts/prerender.ts (which imports this, not the other way: the build loads
 * Playwright only where Chromium is installed).
 */
export function pageFile(folder: PageFolder, path: string): string {
  return `${folder}/${path === '/' ? 'index' : path.slice(1).replace(/[^a-z0-9_-]+/gi, '_')}.html`;
}

/**
 * Route files that wrap the pages under them: a `route` file, and a file beside a folder of its
 * own name (case/$caseId/$gameId wraps case/$caseId/$gameId/verify).
 */
function isLayout(file: string, files: readonly string[]): boolean {
  return isRouteFile(file) || files.some((other) => other.startsWith(`${file}/`));
}

/** A `route` file only wraps: the address it names is its index file's page. */
const isRouteFile = (file: string) => file === 'route' || file.endsWith('/route');

const isPrefix = (outer: string, inner: string) => outer === '/' || inner === outer || inner.startsWith(`${outer}/`);

/** The chunks `keys` need, theirs included, that the entry has not already loaded. */
function closure(manifest: Manifest, keys: readonly string[], loaded: ReadonlySet<string>): string[] {
  const seen = new Set<string>();
  const queue = [...keys];
  for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
    const chunk = manifest[key];
    if (seen.has(key) || loaded.has(key) || !chunk) continue;
    seen.add(key);
    queue.push(...(chunk.imports ?? []));
  }
  return [...seen];
}

/** Writes dist/shells/: one copy of index.html a route, and routes.json (pattern to file). Answers how many. */
export function writeRouteShells(distDir: string): number {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const shell = readFileSync(join(distDir, 'index.html'), 'utf8');
  // What index.html loads itself (the entry and its imports) is not named twice.
  const named = new Set([...shell.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]!));
  const entryKeys = Object.keys(manifest).filter((key) => named.has(manifest[key]!.file));
  const loaded = new Set(closure(manifest, entryKeys, new Set()));

  const parts = new Map<string, string>();
  for (const key of Object.keys(manifest)) {
    const file = RENDER_PART.exec(key)?.[1];
    if (file !== undefined) parts.set(file, key);
  }
  const files = [...parts.keys()];
  const layouts = files.filter((file) => isLayout(file, files));
  const routes: Record<string, string> = {};
  rmSync(join(distDir, 'shells'), { recursive: true, force: true });
  mkdirSync(join(distDir, 'shells'));
  for (const file of files.filter((f) => !isRouteFile(f))) {
    const path = routePath(file);
    const wrappers = layouts.filter((layout) => layout !== file && isPrefix(routePath(layout), path));
    const chunks = closure(manifest, [...EVERY_PAGE, ...wrappers.map((w) => parts.get(w)!), parts.get(file)!], loaded);
    const styles = [...new Set(chunks.flatMap((key) => manifest[key]!.css ?? []))].filter((css) => !named.has(css));
    const links = [
      ...styles.map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
      ...chunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`),
    ].join('');
    const out = pageFile('shells', path);
    if (Object.values(routes).includes(out)) throw new Error(`two routes' shells would both be ${out}`);
    writeFileSync(join(distDir, out), shell.replace('</head>', `${links}</head>`));
    routes[path] = out;
  }
  writeFileSync(join(distDir, 'shells', 'routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
  return Object.keys(routes).length;
}
