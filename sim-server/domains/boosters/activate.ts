/** Starting a ready booster (the boosters modal's Activate). */
import { NumericError } from '../../../src/contract/index.ts';
import { boosterLocked } from '../../../src/core/boosters.ts';
import { parseHash } from '../../../src/core/hash-id.ts';
import type { Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import type { Hub } from '../../socket/hub.ts';
import { announceBooster, levelOf } from './effects.ts';
import { boosterById, type BoosterRow } from './store.ts';

/**
 * Activates the player's booster once: a conditional UPDATE from 'ready', so of any number of
 * concurrent calls exactly one starts it and the rest are refused; timed kinds get expires_at.
 */
export async function activateBooster(tx: Tx, hub: Pick<Hub, 'toUser'>, userId: number, boosterHash: string, now: number): Promise<BoosterRow> {
  const id = parseHash(boosterHash);
  const row = id === null ? undefined : await boosterById(tx, id);
  if (!row || row.user_id !== userId) fail(NumericError.NOT_FOUND, 'Booster not found');
  if (row.status !== 'ready') fail(NumericError.INVALID_DATA, row.status === 'active' ? 'This booster is already active' : 'This booster has ended');
  const level = await levelOf(tx, userId);
  if (row.bonus_max !== null && !row.bonus_left) fail(NumericError.INVALID_DATA, 'This booster has no bonus left');
  if (boosterLocked(row, level)) fail(NumericError.INVALID_DATA, `Reach level ${row.level} to activate this booster`);
  const started = await tx.run(
    "UPDATE boosters SET status = 'active', activated_at = ?, expires_at = CASE WHEN duration_ms IS NULL THEN NULL ELSE ? + duration_ms END WHERE id = ? AND status = 'ready'",
    now, now, row.id,
  );
  if (started.changes === 0) fail(NumericError.INVALID_DATA, 'This booster is already active');
  await announceBooster(tx, hub, row.id);
  return (await boosterById(tx, row.id))!;
}

/**
 * Closes the running boosters whose time is up (the sweep), telling their players. Answers how many.
 */
export async function closeExpired(tx: Tx, hub: Pick<Hub, 'toUser'>, now: number): Promise<number> {
  const due = await tx.all<{ id: number }>("SELECT id FROM boosters WHERE status = 'active' AND expires_at IS NOT NULL AND expires_at <= ? LIMIT 500", now);
  for (const { id } of due) {
    await tx.run("UPDATE boosters SET status = 'closed', closed_at = expires_at WHERE id = ? AND status = 'active'", id);
    await announceBooster(tx, hub, id);
  }
  return due.length;
}
