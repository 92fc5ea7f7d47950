/** Account settings: name checks, display name, status, privacy, and the rest (account.break). */
import { BREAK_MAX_S, BREAK_MIN_S, NumericError } from '../../../src/contract/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { findUserById, findUserByName, type UserRow } from '../../kernel/users.ts';
import { spendCustomizeRight } from '../customize/grant.ts';

/**
 * Whether a name is free for this player: a name must not be another player's; a display name
 * must not be another player's name either (nobody can pass as someone else), case-insensitive.
 */
export async function nameAvailable(db: Pick<Db, 'get'>, user: UserRow, name: string): Promise<boolean> {
  const holder = await findUserByName(db, name);
  return !holder || holder.id === user.id;
}

/** account.updateSettings: changes what was given, all or nothing. */
export async function updateSettings(tx: Tx, user: UserRow, input: { name?: string; display_name?: string; status?: string; private?: boolean }, now: number): Promise<UserRow> {
  if (input.name !== undefined && input.name !== user.name) {
    // Changing the name spends a one-off nickname right (a nickname card's; docs/decisions/0026).
    if (!await nameAvailable(tx, user, input.name)) fail(NumericError.INVALID_DATA, 'This name is already used');
    if (!await spendCustomizeRight(tx, user.id, 'nickname', now)) fail(NumericError.ACCESS_DENIED, "You don't have any cards for changing the username.");
    await tx.run('UPDATE users SET name = ? WHERE id = ?', input.name, user.id);
  }
  if (input.display_name !== undefined) {
    if (!await nameAvailable(tx, user, input.display_name)) fail(NumericError.INVALID_DATA, 'This name is already used');
    await tx.run('UPDATE users SET display_name = ? WHERE id = ?', input.display_name, user.id);
  }
  if (input.status !== undefined) await tx.run('UPDATE users SET status_text = ? WHERE id = ?', input.status.trim(), user.id);
  if (input.private !== undefined) await tx.run('UPDATE users SET private_profile = ? WHERE id = ?', input.private ? 1 : 0, user.id);
  return (await findUserById(tx, user.id))!;
}

/** account.break: a rest from a day to a year away; it can be made longer, never shorter. */
export async function startBreak(tx: Tx, user: UserRow, expireSeconds: number, now: number): Promise<number> {
  const until = expireSeconds * 1000;
  const length = (until - now) / 1000;
  if (length < BREAK_MIN_S || length > BREAK_MAX_S) fail(NumericError.INPUT_ERROR, `expire: a break lasts from ${BREAK_MIN_S / 86_400} day to ${BREAK_MAX_S / 86_400} days`);
  if (user.break_until !== null && user.break_until > now && until < user.break_until) fail(NumericError.INVALID_DATA, 'A break cannot be made shorter');
  await tx.run('UPDATE users SET break_until = ? WHERE id = ?', until, user.id);
  return until;
}
