/**
 * Partner codes (document 3 partnership-plus change-code): a player's code is their name
 * until they choose another under the username rules. A chosen code retires the name as a
 * code; a code may be neither another player's name nor another partner's code.
 */
import { NumericError } from '../../../src/contract/index.ts';
import { isValidName } from '../../../src/core/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { findUserById, findUserByName, type UserRow } from '../../kernel/users.ts';

export const CodeChangeMessage = {
  INVALID: 'Invalid code',
  TAKEN: 'This code is already used',
} as const;

/** The partner a code names, or undefined. */
export async function partnerByCode(db: Pick<Db, 'get'>, code: string): Promise<UserRow | undefined> {
  const chosen = await db.get<{ partner_id: number }>('SELECT partner_id FROM partner_codes WHERE code = ?', code);
  if (chosen) return findUserById(db, chosen.partner_id);
  const byName = await findUserByName(db, code);
  if (!byName) return undefined;
  const replaced = await db.get<{ n: number }>('SELECT 1 AS n FROM partner_codes WHERE partner_id = ?', byName.id);
  return replaced ? undefined : byName;
}

/** A player's code: the one they chose, else their name. */
export async function codeOf(db: Pick<Db, 'get'>, user: Pick<UserRow, 'id' | 'name'>): Promise<string> {
  return (await db.get<{ code: string }>('SELECT code FROM partner_codes WHERE partner_id = ?', user.id))?.code ?? user.name;
}

/** Sets a partner's code inside the caller's transaction. */
export async function changeCode(tx: Tx, user: UserRow, code: string, now: number): Promise<string> {
  if (!isValidName(code)) fail(NumericError.INVALID_CODE, CodeChangeMessage.INVALID);
  const owner = await partnerByCode(tx, code);
  const nameOwner = await findUserByName(tx, code);
  if ((owner && owner.id !== user.id) || (nameOwner && nameOwner.id !== user.id)) fail(NumericError.CODE_UNAVAILABLE, CodeChangeMessage.TAKEN);
  await tx.run(
    'INSERT INTO partner_codes (partner_id, code, changed_at) VALUES (?, ?, ?) ON CONFLICT (partner_id) DO UPDATE SET code = excluded.code, changed_at = excluded.changed_at',
    user.id, code, now,
  );
  return code;
}
