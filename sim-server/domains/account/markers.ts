/**
 * Markers (document 1 section 3 'Marks', section 7 account.applyMarkers): names the client
 * sets once, such as assistant scenarios done, kept with the time they were first set so the
 * assistant does not replay a scenario on another device.
 */
import { NumericError } from '../../../src/contract/index.ts';
import { MAX_MARKERS } from '../../../src/core/badges.ts';
import type { Db, Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';

/** A player's markers: name to the time first set (ms). */
export async function marksOf(db: Pick<Db, 'all'>, userId: number): Promise<Record<string, number>> {
  return Object.fromEntries((await db.all<{ mark: string; marked_at: number }>('SELECT mark, marked_at FROM account_marks WHERE user_id = ? ORDER BY mark', userId)).map((r) => [r.mark, r.marked_at]));
}

/** Sets the markers not set yet (an empty list is a no-op); past MAX_MARKERS the call is refused whole. */
export async function applyMarkers(tx: Tx, userId: number, marks: readonly string[], now: number): Promise<Record<string, number>> {
  const fresh = [...new Set(marks)];
  if (fresh.length > 0) {
    const held = await marksOf(tx, userId);
    const added = fresh.filter((m) => !(m in held));
    if (Object.keys(held).length + added.length > MAX_MARKERS) fail(NumericError.INVALID_DATA, `At most ${MAX_MARKERS} markers`);
    for (const mark of added) await tx.run('INSERT INTO account_marks (user_id, mark, marked_at) VALUES (?, ?, ?)', userId, mark, now);
  }
  return marksOf(tx, userId);
}
