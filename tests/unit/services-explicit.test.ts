import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * docs/decisions/0013: a server's long-lived parts (beacon, catalog, battles runtime, chat
 * flood guard, race boards, radio station) are built in buildApp and passed in Services. A
 * module-level map keyed by the database or the app hides one from the reader and from tests;
 * maps keyed by a request or a transaction (scratch that dies with it) are fine.
 */
const root = resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('server services are explicit', () => {
  test('no module keeps a per-server part in a map keyed by the database, the app or any object', () => {
    const hidden = sourceFiles(join(root, 'sim-server')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/new (Weak)?Map<\s*(Db|Database|DatabaseSync|FastifyInstance|object)\b/.test(line) ? [`${relative(root, file)}:${i + 1}`] : [])),
    );
    expect(hidden).toEqual([]);
  });
});
