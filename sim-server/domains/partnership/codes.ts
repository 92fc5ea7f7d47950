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
export function partnerByCode(db: Pick<Db, 'get'>, code: string): UserRow | undefined {
  const chosen = db.get<{ partner_id: number }>('SELECT partner_id FROM partner_codes WHERE code = ?', code);
  if (chosen) return findUserById(db, chosen.partner_id);
  const byName = findUserByName(db, code);
  if (!byName) return undefined;
  const replaced = db.get<{ n: number }>('SELECT 1 AS n FROM partner_codes WHERE partner_id = ?', byName.id);
  return replaced ? undefined : byName;
}

/** A player's code: the one they chose, else their name. */
export function codeOf(db: Pick<Db, 'get'>, user: Pick<UserRow, 'id' | 'name'>): string {
  return db.get<{ code: string }>('SELECT code FROM partner_codes WHERE partner_id = ?', user.id)?.code ?? user.name;
}

/** Sets a partner's code inside the caller's transaction. */
export function changeCode(tx: Tx, user: UserRow, code: string, now: number): string {
  if (!isValidName(code)) fail(NumericError.INVALID_CODE, CodeChangeMessage.INVALID);
  const owner = partnerByCode(tx, code);
  const nameOwner = findUserByName(tx, code);
  if ((owner && owner.id !== user.id) || (nameOwner && nameOwner.id !== user.id)) fail(NumericError.CODE_UNAVAILABLE, CodeChangeMessage.TAKEN);
  tx.run(
    'INSERT INTO partner_codes (partner_id, code, changed_at) VALUES (?, ?, ?) ON CONFLICT (partner_id) DO UPDATE SET code = excluded.code, changed_at = excluded.changed_at',
    user.id, code, now,
  );
  return code;
}
