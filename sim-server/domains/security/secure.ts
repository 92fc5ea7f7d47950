/**
 * Two-factor checks (TOTP, src/core/totp.ts). Crypto withdrawals and refunds need 2FA set
 * up (SECURE_REQUIRED) and a code (SECURE_CODE_REQUIRED); the vault asks for a code only
 * from players who enabled it (docs/design.md section 5).
 *
 * A right code is used once (its time step is kept and never accepted again) and opens a
 * short window for the session it came from, like re-entering a password before a
 * sensitive page: the client's prompt-and-retry then covers a burst of calls (several
 * withdrawals at once) without a second code that the player could not have yet.
 * Wrong codes count against a cooldown so six digits cannot be guessed.
 */
import { NamedError, NumericError } from '../../../src/contract/index.ts';
import { base32Decode, matchTotp } from '../../auth/totp.ts';
import { formatCoins } from '../../../src/core/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import { AppError, fail } from '../../errors.ts';
import type { CallContext } from '../../rpc/context.ts';

/** How long a right code covers further calls of its session. */
export const SECURE_GRANT_MS = 5 * 60_000;
/** Wrong codes allowed within SECURE_ATTEMPT_WINDOW_MS. */
export const SECURE_MAX_WRONG = 5;
export const SECURE_ATTEMPT_WINDOW_MS = 10 * 60_000;

/** Messages of the 2FA checks. */
export const SecureMessage = {
  REQUIRED: 'Set up two-factor authentication to continue',
  CODE_REQUIRED: 'Enter the code from your authenticator app',
  WRONG_CODE: 'Invalid 2FA code',
} as const;

/** A user_secure row. */
export interface SecureRow {
  user_id: number;
  secret: string;
  enabled: number;
  last_step: number;
}

/** A player's 2FA row, set up or not. */
export function secureRow(db: Pick<Db, 'get'>, userId: number): Promise<SecureRow | undefined> {
  return db.get<SecureRow>('SELECT user_id, secret, enabled, last_step FROM user_secure WHERE user_id = ?', userId);
}

/** Whether a player has 2FA enabled. */
export async function secureEnabled(db: Pick<Db, 'get'>, userId: number): Promise<boolean> {
  return (await secureRow(db, userId))?.enabled === 1;
}

/** Refuses while too many wrong codes are recent. */
async function assertNotCoolingDown(db: Pick<Db, 'get'>, userId: number, now: number): Promise<void> {
  const recent = (await db.get<{ n: number; first: number | null }>(
    "SELECT COUNT(*) AS n, MIN(at) AS first FROM code_attempts WHERE user_id = ? AND kind = 'secure' AND at > ?",
    userId, now - SECURE_ATTEMPT_WINDOW_MS,
  ))!;
  if (recent.n >= SECURE_MAX_WRONG && recent.first !== null) {
    const minutes = Math.ceil((recent.first + SECURE_ATTEMPT_WINDOW_MS - now) / 60_000);
    fail(NumericError.INVALID_DATA, `Too many wrong 2FA codes. Try again in ${minutes} min`);
  }
}

/**
 * Accepts `code` for `row` at `now` (a step after the last one used) and remembers its step;
 * throws `wrong` (an INVALID_DATA or SECURE_CODE_REQUIRED with WRONG_CODE) otherwise.
 */
export async function useCode(tx: Tx, row: SecureRow, code: string, now: number, wrong: AppError['code']): Promise<void> {
  await assertNotCoolingDown(tx, row.user_id, now);
  const key = base32Decode(row.secret);
  const step = key ? matchTotp(key, code.trim(), now) : null;
  if (step === null || step <= row.last_step) fail(wrong, SecureMessage.WRONG_CODE);
  await tx.run('UPDATE user_secure SET last_step = ? WHERE user_id = ?', step, row.user_id);
}

/**
 * The 2FA gate of a sensitive call, inside its transaction. `setupRequired`: refuse with
 * SECURE_REQUIRED until 2FA is enabled (crypto withdrawals); otherwise pass players without it (vault).
 */
export async function requireSecure(tx: Tx, ctx: CallContext, userId: number, code: string | undefined, { setupRequired }: { setupRequired: boolean }): Promise<void> {
  const row = await secureRow(tx, userId);
  if (!row || row.enabled !== 1) {
    if (setupRequired) fail(NamedError.SECURE_REQUIRED, SecureMessage.REQUIRED);
    return;
  }
  const now = ctx.config.now();
  if (ctx.sessionId !== null && await tx.get('SELECT 1 FROM secure_grants WHERE session_id = ? AND until > ?', ctx.sessionId, now)) return;
  if (code === undefined || code.trim() === '') fail(NamedError.SECURE_CODE_REQUIRED, SecureMessage.CODE_REQUIRED);
  await useCode(tx, row, code, now, NamedError.SECURE_CODE_REQUIRED);
  if (ctx.sessionId !== null) {
    await tx.run(
      'INSERT INTO secure_grants (session_id, until) VALUES (?, ?) ON CONFLICT (session_id) DO UPDATE SET until = excluded.until',
      ctx.sessionId, now + SECURE_GRANT_MS,
    );
  }
}

/**
 * Runs a call that checks a code and keeps count of wrong ones: the call's own transaction
 * rolls back on the refusal, so the attempt is written in a transaction of its own.
 */
export async function countingWrongCodes<T>(ctx: CallContext, userId: number, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof AppError && error.message === SecureMessage.WRONG_CODE) {
      await ctx.db.transaction((tx) => tx.run("INSERT INTO code_attempts (user_id, kind, at) VALUES (?, 'secure', ?)", userId, ctx.config.now()));
    }
    throw error;
  }
}

/** Ends the windows of every session of a player (2FA turned off or reset). */
export async function dropGrants(tx: Tx, userId: number): Promise<void> {
  await tx.run('DELETE FROM secure_grants WHERE session_id IN (SELECT id FROM sessions WHERE user_id = ?)', userId);
}

/** Whether a player passed basic verification. */
export async function basicVerified(db: Pick<Tx, 'get'>, userId: number): Promise<boolean> {
  return await db.get('SELECT 1 FROM basic_verifications WHERE user_id = ?', userId) !== undefined;
}

/**
 * The basic-verification gate of a withdrawal (docs/decisions/0018): above the configured
 * amount an unverified player is answered BASIC_VERIFY_REQUIRED and nothing moves.
 */
export async function requireBasicVerified(tx: Tx, ctx: CallContext, userId: number, amount: number): Promise<void> {
  const above = ctx.config.basicVerifyAbove;
  if (above > 0 && amount > above && !await basicVerified(tx, userId)) {
    fail(NamedError.BASIC_VERIFY_REQUIRED, `Withdrawals above ${formatCoins(above)} coins need basic verification`);
  }
}
