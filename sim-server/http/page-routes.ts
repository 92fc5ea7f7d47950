/**
 * Which built HTML file answers a page's address. The build writes these indexes beside the app:
 * prerendered/routes.json, a visitor's first view of a public page by its exact path, and
 * signed-in/routes.json, a signed-in player's (scripts/prerender.ts); shells/routes.json, the
 * shell with a route's code named in its head by the route's pattern (scripts/route-shells.ts);
 * frames/routes.json and signed-in-frames/routes.json, each such shell with the site's frame in
 * it, a visitor's or a signed-in player's header over the page-loading placeholder
 * (scripts/prerender.ts). Each is read again after a rebuild.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readOncePerBuild } from './built-file.ts';

/** The folders under the built app that hold pages, each with its routes.json. */
export type PageFolder = 'prerendered' | 'signed-in' | 'shells' | 'frames' | 'signed-in-frames';

/** Who asks for a page: the `logged` cookie says a player is signed in. */
export type Viewer = 'visitor' | 'signed-in';

/** An index's entries (key to file under the built app); empty when the build wrote none. */
const readIndex = readOncePerBuild((path) => {
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>));
  } catch {
    // A half-written index during a rebuild: the plain shell until it is complete.
    return new Map<string, string>();
  }
});

function builtIndex(staticDir: string, folder: PageFolder): Map<string, string> {
  return readIndex(join(staticDir, folder, 'routes.json')) ?? new Map();
}

/** The prerendered first view of a page for a visitor or a signed-in player, if the build made one. */
export function prerenderedPage(staticDir: string, path: string, viewer: Viewer): string | undefined {
  return builtIndex(staticDir, viewer === 'visitor' ? 'prerendered' : 'signed-in').get(path);
}

/**
 * The shell naming the code of the route `path` matches, if the build wrote one: with the frame
 * for who asks in it when the build made frames (Chromium was there), else bare.
 */
export function routeShell(staticDir: string, path: string, viewer: Viewer): string | undefined {
  const shells = builtIndex(staticDir, 'shells');
  const pattern = matchRoute(path, [...shells.keys()]);
  if (pattern === undefined) return undefined;
  return builtIndex(staticDir, viewer === 'visitor' ? 'frames' : 'signed-in-frames').get(pattern) ?? shells.get(pattern);
}

/**
 * How well one segment matches a pattern's: a fixed name (3) over a name with a parameter in
 * it, like `@{$name}` (2), over a parameter (1); -1 when it does not. The router ranks the same way.
 */
function segmentRank(pattern: string, segment: string): number {
  if (pattern === segment) return 3;
  if (segment === '') return -1;
  if (/^\$\w+$/.test(pattern)) return 1;
  const inner = /^(.*)\{\$\w+\}(.*)$/.exec(pattern);
  if (inner && segment.length > inner[1]!.length + inner[2]!.length && segment.startsWith(inner[1]!) && segment.endsWith(inner[2]!)) return 2;
  return -1;
}

/**
 * The route pattern (`/battle/$gameId`, `/@{$name}/achievements`, `/$` for any address) that
 * `path` matches best: the one whose segments, first to last, rank highest.
 */
export function matchRoute(path: string, patterns: readonly string[]): string | undefined {
  const segments = path.split('/').slice(1);
  let best: { pattern: string; ranks: number[] } | undefined;
  for (const pattern of patterns) {
    const parts = pattern.split('/').slice(1);
    const splat = parts.at(-1) === '$';
    const fixed = splat ? parts.slice(0, -1) : parts;
    if (splat ? segments.length < fixed.length : segments.length !== fixed.length) continue;
    const ranks = fixed.map((part, i) => segmentRank(part, segments[i]!));
    if (ranks.some((rank) => rank < 0)) continue;
    // A splat's rest ranks below any segment a pattern names.
    if (splat) ranks.push(0);
    if (!best || outranks(ranks, best.ranks)) best = { pattern, ranks };
  }
  return best?.pattern;
}

/**
 * The values `path` gives the named parameters of `pattern`, which it matches: `/battle/$gameId`
 * and `/battle/SF1` give { gameId: 'SF1' }, `/@{$name}` and `/@ann` give { name: 'ann' }.
 * Undefined for a segment that is not well-formed percent-encoding.
 */
export function routeParams(pattern: string, path: string): Record<string, string> | undefined {
  const segments = path.split('/').slice(1);
  const params: Record<string, string> = {};
  const parts = pattern.split('/').slice(1);
  for (const [i, part] of parts.entries()) {
    const segment = segments[i];
    const whole = /^\$(\w+)$/.exec(part);
    const inner = whole ? null : /^(.*)\{\$(\w+)\}(.*)$/.exec(part);
    if (segment === undefined || (!whole && !inner)) continue;
    const name = whole ? whole[1]! : inner![2]!;
    const raw = whole ? segment : segment.slice(inner![1]!.length, segment.length - inner![3]!.length);
    try {
      params[name] = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  return params;
}

function outranks(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return a.length > b.length;
}
