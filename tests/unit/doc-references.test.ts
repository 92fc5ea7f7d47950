import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * Every document the code cites is in the repository (issue 29): comments once pointed at a
 * design outline and a style page that lived outside it, so the reasons they gave could not be
 * read. This scans the sources, tests, scripts, README and docs for references to a page at
 * the root (an upper-case name such as the README's), to any docs/ path, and to a numbered
 * section of docs/design.md or item of docs/style.md, and fails on one that does not resolve.
 */
const root = resolve(import.meta.dirname, '../..');
const SCANNED = ['src', 'sim-server', 'workers', 'tests', 'bench', 'scripts', 'docs', 'README.md', '.ci', 'playwright.config.ts', 'vite.config.ts', 'vitest.config.ts', 'package.json'];
const SKIPPED = new Set(['node_modules', 'results']);
const TEXT = /\.(ts|tsx|js|mjs|css|md|json|html)$|^run$/;

function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : files(join(path, entry.name));
    return TEXT.test(entry.name) && !entry.name.endsWith('.gen.ts') ? [join(path, entry.name)] : [];
  });
}

const sources = SCANNED.flatMap((entry) => files(join(root, entry))).map((file) => ({ file: relative(root, file), text: readFileSync(file, 'utf8') }));

/** Where a match starts, as file:line. */
function at(file: string, text: string, index: number): string {
  return `${file}:${text.slice(0, index).split('\n').length}`;
}

/** Numbered headings ("## 3. Layers") of a markdown file, or numbered list items ("3. **...**"). */
function numbers(path: string, pattern: RegExp): Set<number> {
  const text = readFileSync(join(root, path), 'utf8');
  return new Set([...text.matchAll(pattern)].map((match) => Number(match[1])));
}
const designSections = numbers('docs/design.md', /^## (\d+)\. /gm);
const styleItems = numbers('docs/style.md', /^(\d+)\. /gm);

// Comment leaders a reference may wrap across ("docs/design.md\n * section 4").
const GAP = String.raw`(?:\s|\*|\/\/|#)+`;
// Upper-case page names: the README, and the outline, style and toolchain pages once cited from outside.
const ROOT_PAGE = /(?<![\w/.-])[A-Z][A-Z0-9_-]*\.md\b/g;
const DOCS_PATH = /(?<![\w./-])docs\/[\w./-]*[\w/]/g;
const DESIGN_SECTIONS = new RegExp(String.raw`docs\/design\.md${GAP}sections?${GAP}(\d+(?:(?:,${GAP}|${GAP}and${GAP})\d+)*)`, 'g');
const STYLE_ITEMS = new RegExp(String.raw`docs\/style\.md${GAP}items?${GAP}(\d+(?:(?:,${GAP}|${GAP}and${GAP})\d+)*)`, 'g');

/** Whether a cited docs/ path is a file or folder, or the number prefix of one ("docs/decisions/0018"). */
function resolves(path: string): boolean {
  if (existsSync(join(root, path))) return true;
  const folder = join(root, dirname(path));
  const prefix = path.slice(dirname(path).length + 1);
  return existsSync(folder) && /^\d+$/.test(prefix) && readdirSync(folder).some((name) => name.startsWith(`${prefix}-`));
}

describe('every document the code cites is in the repository', () => {
  test('the scan sees the sources and their references', () => {
    expect(sources.length).toBeGreaterThan(500);
    expect(sources.filter(({ text }) => text.includes('docs/decisions/')).length).toBeGreaterThan(50);
    expect(designSections.size).toBeGreaterThan(10);
    expect(styleItems.size).toBeGreaterThan(5);
  });

  test('every upper-case page cited (README.md and the like) is at the root', () => {
    const found = sources.flatMap(({ file, text }) =>
      [...text.matchAll(ROOT_PAGE)].filter((match) => !existsSync(join(root, match[0]))).map((match) => `${at(file, text, match.index)} ${match[0]}`),
    );
    expect(found).toEqual([]);
  });

  test('every docs/ path names a file or folder that exists', () => {
    const missing = sources.flatMap(({ file, text }) =>
      [...text.matchAll(DOCS_PATH)].filter((match) => !resolves(match[0])).map((match) => `${at(file, text, match.index)} ${match[0]}`),
    );
    expect(missing).toEqual([]);
  });

  test('every cited section of docs/design.md and item of docs/style.md exists', () => {
    const cited = (pattern: RegExp, known: Set<number>, what: string) =>
      sources.flatMap(({ file, text }) =>
        [...text.matchAll(pattern)].flatMap((match) =>
          [...match[1]!.matchAll(/\d+/g)].map(([n]) => Number(n)).filter((n) => !known.has(n)).map((n) => `${at(file, text, match.index)} ${what} ${n}`),
        ),
      );
    expect(sources.some(({ text }) => new RegExp(DESIGN_SECTIONS.source).test(text))).toBe(true);
    expect([...cited(DESIGN_SECTIONS, designSections, 'docs/design.md section'), ...cited(STYLE_ITEMS, styleItems, 'docs/style.md item')]).toEqual([]);
  });
});
