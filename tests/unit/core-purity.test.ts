import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import * as core from '../../src/core/index.ts';

const coreDir = new URL('../../src/core/', import.meta.url);
const sources = readdirSync(coreDir)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({ file, text: readFileSync(new URL(file, coreDir), 'utf8') }));

function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
}

describe('src/core runs in browsers, workers and Node alike', () => {
  test('it imports only @noble/hashes, the contract and its own .ts files', () => {
    const allowed = /^(\.\/[\w-]+\.ts|\.\.\/contract\/[\w-]+\.ts|@noble\/hashes\/\w+\.js)$/;
    const imports = sources.flatMap(({ file, text }) => [...text.matchAll(/from '([^']+)'/g)].map(([, specifier]) => `${file}: ${specifier}`));
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((line) => !allowed.test(line.split(': ')[1] ?? ''))).toEqual([]);
  });

  test('it touches no Node or DOM globals', () => {
    const globals = /\b(Buffer|process|require|window|document|localStorage|navigator)\b/;
    expect(sources.filter(({ text }) => globals.test(withoutComments(text))).map(({ file }) => file)).toEqual([]);
  });

  test('the index re-exports every module', () => {
    const index = sources.find(({ file }) => file === 'index.ts')?.text ?? '';
    const modules = sources.map(({ file }) => file).filter((file) => file !== 'index.ts');
    expect(modules.filter((file) => !index.includes(`'./${file}'`))).toEqual([]);
    expect(core.fairTicket).toBeTypeOf('function');
  });
});
