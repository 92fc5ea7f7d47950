/**
 * First-page JavaScript: the gzip size of every script the built index.html loads at once
 * (script src and modulepreload links) and of every chunk those import statically (a module
 * cannot run before them), against the budget. 'not built' without dist/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './lib/procs.ts';
import { fmt, judge, type Section } from './lib/report.ts';

const BUDGET_BYTES = 130 * 1024;

/** Local paths of the scripts a page loads up front. */
export function firstPageScripts(html: string): string[] {
  const found = new Set<string>();
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
    const url = tag.toLowerCase().startsWith('<script') ? attr('src') : attr('rel')?.toLowerCase() === 'modulepreload' ? attr('href') : undefined;
    if (url && !/^(https?:)?\/\//i.test(url)) found.add(url.split(/[?#]/)[0]!.replace(/^\.?\//, ''));
  }
  return [...found];
}

/** The scripts and every chunk they import statically, in the order found (paths under distDir). */
export function withStaticImports(distDir: string, files: string[]): string[] {
  const found = new Set<string>();
  const queue = [...files];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (found.has(file)) continue;
    found.add(file);
    const path = join(distDir, file);
    if (!existsSync(path)) continue;
    // A built chunk's static imports: `import{...}from"./x.js"` and `import"./x.js"`; dynamic import() is left out.
    for (const [, spec] of readFileSync(path, 'utf8').matchAll(/\bimport\s*(?:[\w$*{}\s,]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      queue.push(join(dirname(file), spec!).replace(/^\.?\//, ''));
    }
  }
  return [...found];
}

/** Measures dist/ as it is; builds nothing. */
export function clientBench(distDir = join(ROOT, 'dist')): Section {
  const index = join(distDir, 'index.html');
  const benchmark = 'First page JS (gzip -9)';
  if (!existsSync(index)) {
    return { rows: [{ benchmark, figure: 'not built', value: null, unit: 'KiB', target: '<= 130 KiB', verdict: 'n/a (run npm run build)' }], notes: [], details: { built: false }, fatal: false };
  }
  const files = withStaticImports(distDir, firstPageScripts(readFileSync(index, 'utf8')));
  const sizes = files.map((file) => {
    const path = join(distDir, file);
    return { file, gzip: existsSync(path) ? gzipSync(readFileSync(path), { level: 9 }).length : Number.NaN };
  });
  const total = sizes.reduce((n, s) => n + s.gzip, 0);
  const missing = sizes.filter((s) => Number.isNaN(s.gzip)).map((s) => s.file);
  return {
    rows: [{
      benchmark, figure: (total / 1024).toFixed(1), value: total, unit: 'KiB', target: '<= 130 KiB',
      verdict: missing.length ? `ERROR: missing ${missing.join(', ')}` : `${(total / BUDGET_BYTES).toFixed(2)} ${judge(total <= BUDGET_BYTES)}`,
    }],
    notes: [`Client: ${files.length} scripts loaded by dist/index.html and their static imports: ${sizes.map((s) => `${s.file} ${fmt(s.gzip)} B`).join(', ')}`],
    details: { built: true, files: sizes, total },
    fatal: false,
  };
}
