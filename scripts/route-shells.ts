/**
 * A copy of the shell (index.html) per page that names the page's own scripts and styles, which
 * the app then fetches all at once as it starts (src/app/page-chunks.ts), for the pages the server sends no prerendered copy of: a signed-in player's
 * pages (/wallet, /inventory, and the public ones, whose copies are a visitor's) and pages made
 * after the build (a battle's). Without it the page's chunks were found one level of imports
 * at a time after the app's chunk had run: on Lighthouse's slow link that chain (route, page,
 * page frame, dialogs, then the transport and the contract) came before the page's data and
 * its largest paint (docs/decisions/0053). The first page's own script is unchanged: the list
 * lives in each page's HTML, not in the app's chunk.
 *
 * The build's routeChunks plugin (vite.config.ts) writes route-chunks.json: route file to the
 * built files it needs. Here each page route gets its pattern (`/battle/$gameId`), its files
 * with those of the layouts above it and the transport's, and a copy under
 * dist/prerendered/shells/; shells.json maps pattern to copy for the server
 * (sim-server/app.ts, routeShellFor).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The URL pattern of a route file (its path under src/routes without the extension); null for the root and layouts. */
export function routePattern(route: string): string | null {
  const parts = route.split('/');
  const last = parts.at(-1)!;
  if (route === '__root' || last === 'route') return null;
  if (last === 'index') parts.pop();
  return `/${parts.join('/')}`;
}

/** The layouts above a route file: `wallet/route` above `wallet/index`, and so on up. */
function layoutsOf(route: string, routes: Set<string>): string[] {
  const parts = route.split('/').slice(0, -1);
  const found: string[] = [];
  for (let depth = 1; depth <= parts.length; depth++) {
    const dir = parts.slice(0, depth).join('/');
    if (routes.has(`${dir}/route`)) found.push(`${dir}/route`);
  }
  return found;
}

/**
 * The tag that names a page's files: src/app/page-chunks.ts preloads them when the app's chunk
 * starts. Not preload tags: the browser would fetch them beside the app's chunk, which then
 * arrived later (docs/decisions/0053).
 */
export function pageChunksTag(files: string[]): string {
  return `<meta name="page-chunks" content="${files.map((file) => `/${file}`).join(' ')}">`;
}

/** Writes a shell per page route and shells.json; answers how many. */
export function writeRouteShells(distDir: string): number {
  const table = JSON.parse(readFileSync(join(distDir, 'route-chunks.json'), 'utf8')) as Record<string, string[]>;
  const shell = readFileSync(join(distDir, 'index.html'), 'utf8');
  const transport = table.transport ?? [];
  const routes = new Set(Object.keys(table).filter((key) => key !== 'transport'));
  mkdirSync(join(distDir, 'prerendered', 'shells'), { recursive: true });
  const shells: Record<string, string> = {};
  for (const route of [...routes].sort()) {
    const pattern = routePattern(route);
    if (pattern === null) continue;
    // Less what the shell itself loads (the app's stylesheet is also a lazy chunk's import).
    const files = [...new Set([...layoutsOf(route, routes).flatMap((layout) => table[layout] ?? []), ...table[route]!, ...transport])].filter((file) => !shell.includes(`"/${file}"`));
    const file = `prerendered/shells/${route.replace(/[^a-z0-9_-]+/gi, '_')}.html`;
    writeFileSync(join(distDir, file), shell.replace('</head>', `${pageChunksTag(files)}</head>`));
    shells[pattern] = file;
  }
  writeFileSync(join(distDir, 'prerendered', 'shells.json'), `${JSON.stringify(shells, null, 2)}\n`);
  return Object.keys(shells).length;
}
