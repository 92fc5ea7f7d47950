/**
 * The server's layers as docs/design.md section 3 draws them, read from the import lines:
 * the kernel, the RPC layer and the infrastructure folders import no domain, only the top
 * (app.ts, the bench) imports the simulated population, and no domains import each other in
 * a cycle (a domain that needs a higher one declares a port: docs/decisions/0055).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SERVER = join(ROOT, 'sim-server');

/** Folders below the domains: they serve every domain and import none (kernel: the players every domain reads). */
const BELOW_DOMAINS = ['kernel', 'rpc', 'db', 'auth', 'cluster', 'http', 'socket', 'world'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** What a server file belongs to: `domain:<name>` for a domain's files, else its top folder (or file). */
function partOf(file: string): string {
  const parts = relative(SERVER, file).split(sep);
  return parts[0] === 'domains' && parts.length > 2 ? `domain:${parts[1]}` : parts[0]!;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** Every import between two parts of the server: from, to and the importing file. */
function importsBetweenParts(): { from: string; to: string; file: string }[] {
  const found: { from: string; to: string; file: string }[] = [];
  for (const file of filesUnder(SERVER)) {
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(dirname(file), match[1] ?? match[2]!);
      if (!target.startsWith(SERVER + sep)) continue;
      const from = partOf(file);
      const to = partOf(target);
      if (from !== to) found.push({ from, to, file: relative(ROOT, file) });
    }
  }
  return found;
}

const NAMED_IMPORT = /(?:^|\n)\s*import\s+(?:type\s+)?\{([^}]*)\}\s*from\s+['"](\.[^'"]+)['"]/g;

/**
 * Imports by which one domain takes another's RPC handlers or its Domain (a name ending in
 * Handlers, or what a domain's index.ts exports as its Domain): only the composition root may.
 */
function handlerImports(): string[] {
  const domainNames = new Set(
    filesUnder(join(SERVER, 'domains')).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/export const (\w+): Domain\b/g)].map((m) => m[1]!)),
  );
  const found: string[] = [];
  for (const file of filesUnder(SERVER)) {
    for (const match of readFileSync(file, 'utf8').matchAll(NAMED_IMPORT)) {
      const target = resolve(dirname(file), match[2]!);
      const from = partOf(file);
      const to = partOf(target);
      if (!from.startsWith('domain:') || !to.startsWith('domain:') || from === to) continue;
      const names = match[1]!.split(',').map((n) => n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!).filter(Boolean);
      for (const name of names) if (name.endsWith('Handlers') || domainNames.has(name)) found.push(`${relative(ROOT, file)} takes ${name} from ${to}`);
    }
  }
  return found;
}

/** The domains that sit in an import cycle with other domains (strongly connected, Tarjan). */
function domainsInCycles(edges: { from: string; to: string }[]): string[] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!from.startsWith('domain:') || !to.startsWith('domain:')) continue;
    if (!next.has(from)) next.set(from, new Set());
    next.get(from)!.add(to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const inCycle: string[] = [];
  let counter = 0;
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      component.push(w);
      if (w === v) break;
    }
    if (component.length > 1) inCycle.push(...component);
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return inCycle.map((d) => d.slice('domain:'.length)).sort();
}

describe('the server layers', () => {
  const edges = importsBetweenParts();

  test('reads the import lines: the composition root imports domains', () => {
    expect(edges.some((e) => e.from === 'domains' && e.to.startsWith('domain:'))).toBe(true);
  });

  test('the RPC layer and the folders below the domains import no domain', () => {
    const upward = edges.filter((e) => BELOW_DOMAINS.includes(e.from) && e.to.startsWith('domain:'));
    expect(upward.map((e) => `${e.file} -> ${e.to}`)).toEqual([]);
  });

  test('only the top imports the simulated population', () => {
    const users = edges.filter((e) => e.to === 'population' && e.from !== 'app.ts');
    expect(users.map((e) => e.file)).toEqual([]);
  });

  test('no domains import each other in a cycle', () => {
    expect(domainsInCycles(edges)).toEqual([]);
  });

  test('no domain takes another domain\'s RPC handlers: they talk through services, ports and hooks', () => {
    expect(handlerImports()).toEqual([]);
  });

  test('finds a cycle where there is one', () => {
    const ring = [{ from: 'domain:a', to: 'domain:b' }, { from: 'domain:b', to: 'domain:c' }, { from: 'domain:c', to: 'domain:a' }, { from: 'domain:c', to: 'domain:d' }];
    expect(domainsInCycles(ring)).toEqual(['a', 'b', 'c']);
  });
});
