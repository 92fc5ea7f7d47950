/**
 * The game clocks a process runs only while it owns them (docs/design.md section 10) go
 * through one helper, `everyOwned` in sim-server/cluster/timers.ts, which gates, catches up on
 * a takeover, logs a failed step and stops on close. A domain that writes its own interval
 * again fails here unless it is one of the two that are not an owner's periodic step.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Intervals that are not an owner's clock: a rescan started and stopped inside whenOwned, and a sync every process runs. */
const NOT_OWNER_CLOCKS = ['sim-server/domains/battles/runtime.ts', 'sim-server/domains/world-console/index.ts'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : name.endsWith('.ts') ? [path] : [];
  });
}

test('domains run their periodic clocks through everyOwned, not intervals of their own', () => {
  const own = filesUnder(join(ROOT, 'sim-server', 'domains'))
    .filter((file) => readFileSync(file, 'utf8').includes('setInterval('))
    .map((file) => relative(ROOT, file).split('\\').join('/'));
  expect(own.sort()).toEqual([...NOT_OWNER_CLOCKS].sort());
  const users = filesUnder(join(ROOT, 'sim-server', 'domains')).filter((file) => readFileSync(file, 'utf8').includes('everyOwned('));
  expect(users.length).toBeGreaterThanOrEqual(7);
});
