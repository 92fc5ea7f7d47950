/**
 * Which pushed balance to believe. Every WALLET_BALANCE_CHANGED names its ledger entry, and
 * entries are numbered in commit order (writers take turns, on SQLite and on PostgreSQL). With
 * several server processes an older change can still arrive after a newer one: Redis numbers
 * room events when it runs them, and one process's link may be slower than another's
 * (docs/decisions/0044). Such a change must not put an older balance over a newer one.
 */
import { parseHash } from '../../../core/hash-id.ts';

/** What to do with a pushed change: show its balance, or read the balance again. */
export type BalanceVerdict = 'show' | 'refetch';

/**
 * A guard for one client. An entry older than the newest shown asks for a fresh read rather
 * than being dropped: after the server's data was reset, entries start over from 1, and the
 * fresh read keeps the header right either way.
 */
export function createBalanceOrder(): (hash: string) => BalanceVerdict {
  let newest = 0;
  return (hash) => {
    const entry = parseHash(hash);
    if (entry === null || entry < newest) return 'refetch';
    newest = entry;
    return 'show';
  };
}
