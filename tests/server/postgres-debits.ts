/**
 * One process of the cross-process debit test (postgres.test.ts): opens the shared PostgreSQL
 * database, waits for the common start time, then debits `count` times as fast as it can and
 * prints how many debits went through. Run: node tests/server/postgres-debits.ts <url> <count> <amount> <startAt>
 */
import { openDb } from '../../sim-server/db/database.ts';
import { createLedger } from '../../sim-server/db/ledger.ts';

const [url, count, amount, startAt] = process.argv.slice(2) as [string, string, string, string];
const db = await openDb({ path: ':memory:', url });
const ledger = createLedger({ now: Date.now });
while (Date.now() < Number(startAt)) await new Promise((resolve) => setTimeout(resolve, 1));
let ok = 0;
let refused = 0;
for (let i = 0; i < Number(count); i++) {
  try {
    await db.transaction((tx) => ledger.transfer(tx, { from: { user: 1 }, to: { house: 'arena' }, amount: Number(amount), type: 'arena_join', ref: `${process.pid}-${i}` }));
    ok++;
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'COMMIT_ERROR') throw error;
    refused++;
  }
}
await db.close();
console.log(JSON.stringify({ ok, refused }));
