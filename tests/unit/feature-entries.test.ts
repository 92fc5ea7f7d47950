import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * docs/decisions/0013: a feature is reached from outside only through its entry files
 * (index.ts, pages.ts, on-demand.ts, and first-view.ts for what the server renders of a page:
 * section 3 of docs/design.md), and features do not depend on each other in a circle.
 * oxlint's no-restricted-imports cannot say this (its patterns see the specifier, not the
 * importing file, and have no look-ahead), so this test resolves every import instead.
 */
const root = resolve(import.meta.dirname, '../..');
const src = join(root, 'src');
const featuresDir = join(src, 'features');
const ENTRIES = new Set(['index.ts', 'pages.ts', 'on-demand.ts', 'first-view.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gen.ts') ? [path] : [];
  });
}

function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** Every relative specifier a file imports, statically, by re-export or dynamically. */
function importsOf(file: string): string[] {
  const text = withoutComments(readFileSync(file, 'utf8'));
  const found = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.[^'"]+)['"]/gm)].map((match) => match[1]!);
  return found.map((specifier) => resolve(dirname(file), specifier));
}

/** The feature a path belongs to, and the path inside it. */
function featureOf(path: string): { feature: string; inside: string } | null {
  const rel = relative(featuresDir, path);
  if (rel.startsWith('..')) return null;
  const [feature, ...rest] = rel.split(sep);
  return { feature: feature!, inside: rest.join('/') };
}

const edges = sourceFiles(src).flatMap((file) => importsOf(file).map((target) => ({ file, target })));

describe('features meet only at their entry files', () => {
  test('the source tree has cross-feature imports to check', () => {
    expect(edges.filter(({ file, target }) => featureOf(target) && featureOf(file)?.feature !== featureOf(target)?.feature).length).toBeGreaterThan(50);
  });

  test('code outside a feature imports it only through index.ts, pages.ts, on-demand.ts or first-view.ts', () => {
    const bypasses = edges
      .filter(({ file, target }) => {
        const to = featureOf(target);
        return to !== null && featureOf(file)?.feature !== to.feature && !ENTRIES.has(to.inside);
      })
      .map(({ file, target }) => `${relative(root, file)} -> ${relative(root, target)}`);
    expect(bypasses).toEqual([]);
  });

  test('no circle of features depends on itself', () => {
    const graph = new Map<string, Set<string>>();
    for (const { file, target } of edges) {
      const from = featureOf(file)?.feature;
      const to = featureOf(target)?.feature;
      if (!from || !to || from === to) continue;
      graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (feature: string, path: string[]) => {
      if (state.get(feature) === 'done') return;
      if (state.get(feature) === 'open') {
        cycles.push([...path.slice(path.indexOf(feature)), feature].join(' -> '));
        return;
      }
      state.set(feature, 'open');
      for (const next of graph.get(feature) ?? []) visit(next, [...path, feature]);
      state.set(feature, 'done');
    };
    for (const feature of graph.keys()) visit(feature, []);
    expect(cycles).toEqual([]);
  });
});
