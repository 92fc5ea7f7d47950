/**
 * Referrals and the deposit bonus (document 3 sections 1 and 9): a player applies a
 * partner's code; from then on each deposit earns them a 5% bonus, at most 100 coins per
 * UTC day. Codes follow the username rules; in the sim every player's name is their code.
 *
 * The bonus is paid from the PARTNERSHIP house account with history type 'promo_code'
 * ("Promo Code"): it is the promo the applied code gives, shown as its own line under the
 * deposit, and partnership_cashback / partnership_earned are the partner's side of the
 * programme (and silent in the client's toasts, which a bonus should not be).
 *
 * A code is refused from a device or an address its owner signed in from (docs/decisions/0048):
 * an owner's second account would earn the bonus on their own deposits and count toward their
 * referral rules.
 */
import { NamedError, NumericError, type Referral, type z } from '../../../src/contract/index.ts';
import { isValidName, toHash } from '../../../src/core/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { Origin } from '../../auth/sessions.ts';
import type { AccountRef } from '../../db/ledger.ts';
import { fail } from '../../errors.ts';
import type { Services } from '../../rpc/context.ts';
import { findUserById, publicUser } from '../../kernel/users.ts';
import { codeOf, partnerByCode } from './codes.ts';
import { isBanned } from './ranks.ts';
import { countReferral, countReferralDay } from './partner-stats.ts';

/** The deposit bonus in whole percent: integer arithmetic on cents, never a float product. */
const BONUS_PERCENT = 5;
/** The deposit bonus as a fraction, as config.REF_CASHBACK_PERCENT shows it. */
export const REF_CASHBACK_PERCENT = BONUS_PERCENT / 100;
/** Most bonus per player per UTC day, in cents (100 coins). */
export const REF_CASHBACK_DAILY_CAP = 10_000;
/** A player may change partner once a day. */
export const PARTNER_CHANGE_DELAY_MS = 86_400_000;
/** Wrong codes allowed in PROMO_ATTEMPT_WINDOW_MS before CODE_ACTIVATION_DELAY. */
export const PROMO_MAX_WRONG = 5;
export const PROMO_ATTEMPT_WINDOW_MS = 10 * 60_000;
/** An owner's sign-in addresses count this long: addresses are handed on (dynamic IPs), devices are not. */
export const OWNER_ADDRESS_WINDOW_MS = 30 * 86_400_000;

/** The house account bonuses are paid from. */
export const PARTNERSHIP_HOUSE: AccountRef = { house: 'partnership' };

/** Messages of the apply-code call. */
export const CodeMessage = {
  INVALID: 'Invalid code',
  OWN: 'You cannot use your own code',
  BANNED: 'This partner has banned you from their code',
  OWNERS_ORIGIN: 'You cannot use a code on the device or address of its owner',
} as const;

interface ReferralRow {
  user_id: number;
  partner_id: number;
  code: string;
  anonymous: number;
  changed_at: number;
}

/** The UTC date of a moment, as the daily cap counts days. */
function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function referralRow(db: Pick<Db, 'get'>, userId: number): Promise<ReferralRow | undefined> {
  return db.get<ReferralRow>('SELECT user_id, partner_id, code, anonymous, changed_at FROM referrals WHERE user_id = ?', userId);
}

async function bonusOn(db: Pick<Db, 'get'>, userId: number, day: string): Promise<number> {
  return (await db.get<{ s: number | null }>('SELECT SUM(amount) AS s FROM referral_bonuses WHERE user_id = ? AND day = ?', userId, day))?.s ?? 0;
}

/**
 * Pays the bonus of a completed deposit inside its transaction: 5% rounded down, cut to
 * what is left of today's cap. Answers the cents paid (0 without a partner or cap left).
 */
export async function payDepositBonus(tx: Tx, s: Services, deposit: { userId: number; paymentId: number; amount: number }): Promise<number> {
  const referral = await referralRow(tx, deposit.userId);
  if (!referral) return 0;
  const now = s.config.now();
  const day = utcDay(now);
  const bonus = Math.min(Math.floor((deposit.amount * BONUS_PERCENT) / 100), REF_CASHBACK_DAILY_CAP - await bonusOn(tx, deposit.userId, day));
  if (bonus <= 0) return 0;
  await tx.run(
    'INSERT INTO referral_bonuses (payment_id, user_id, partner_id, day, amount, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    deposit.paymentId, deposit.userId, referral.partner_id, day, bonus, now,
  );
  await s.ledger.transfer(tx, { from: PARTNERSHIP_HOUSE, to: { user: deposit.userId }, amount: bonus, type: 'promo_code', ref: toHash(deposit.paymentId) });
  return bonus;
}

/** The partner whose referral the player is, or null. */
export async function partnerOf(db: Pick<Db, 'get'>, userId: number): Promise<number | null> {
  return (await db.get<{ partner_id: number }>('SELECT partner_id FROM referrals WHERE user_id = ?', userId))?.partner_id ?? null;
}

/** The referral data of a player. */
export async function referralOf(db: Pick<Db, 'get'>, userId: number, now: number): Promise<z.output<typeof Referral>> {
  const row = await referralRow(db, userId);
  const partner = row ? await findUserById(db, row.partner_id) : undefined;
  const today = await bonusOn(db, userId, utcDay(now));
  const shown = partner ? publicUser(partner) : null;
  return {
    partner: shown && { hash: shown.hash, name: shown.name, display_name: shown.display_name, info: shown.info },
    code: row?.code ?? null,
    anonymous: row?.anonymous === 1,
    cashback_available: Boolean(row) && today < REF_CASHBACK_DAILY_CAP,
    bonus_today: today,
    config: { REF_CASHBACK_PERCENT, REF_CASHBACK_DAILY_CAP },
  };
}

/** Seconds until a player may try codes again after too many wrong ones; 0 when they may now. */
export async function promoCooldown(db: Pick<Db, 'get'>, userId: number, now: number): Promise<number> {
  const since = now - PROMO_ATTEMPT_WINDOW_MS;
  const recent = (await db.get<{ n: number; first: number | null }>(
    "SELECT COUNT(*) AS n, MIN(at) AS first FROM code_attempts WHERE user_id = ? AND kind = 'promo' AND at > ?", userId, since,
  ))!;
  return recent.n >= PROMO_MAX_WRONG && recent.first !== null ? Math.ceil((recent.first + PROMO_ATTEMPT_WINDOW_MS - now) / 1000) : 0;
}

/** Records a wrong code for the cooldown. */
export async function recordWrongCode(db: Db, userId: number, now: number): Promise<void> {
  await db.transaction((tx) => tx.run("INSERT INTO code_attempts (user_id, kind, at) VALUES (?, 'promo', ?)", userId, now));
}

/** Where a code is applied from, and whether its address is compared (ADDRESS_CHECKS). */
export interface ApplyingFrom {
  now: number;
  origin: Origin;
  addressChecks: boolean;
}

/** Whether the call comes from a device, or an address lately, that the code's owner signed in from. */
async function fromOwner(db: Pick<Db, 'get'>, ownerId: number, from: ApplyingFrom): Promise<boolean> {
  const ip = from.addressChecks ? from.origin.ip : null;
  return await db.get(
    'SELECT 1 FROM sessions WHERE user_id = ? AND (device_token = ? OR (ip = ? AND created_at > ?)) LIMIT 1',
    ownerId, from.origin.device, ip, from.now - OWNER_ADDRESS_WINDOW_MS,
  ) !== undefined;
}

/**
 * Applies a referral code inside the caller's transaction. Answers nothing; throws 28 for a
 * code that is not a partner's, 29 for one's own or one applied from its owner's device or
 * address, CODE_ACTIVATION_DELAY while a change waits.
 */
export async function applyCode(tx: Tx, userId: number, input: { code: string; anonymous: boolean }, from: ApplyingFrom): Promise<void> {
  const { now } = from;
  if (!isValidName(input.code)) fail(NumericError.INVALID_CODE, CodeMessage.INVALID);
  const partner = await partnerByCode(tx, input.code);
  if (!partner) fail(NumericError.INVALID_CODE, CodeMessage.INVALID);
  if (partner.id === userId) fail(NumericError.CODE_UNAVAILABLE, CodeMessage.OWN);
  if (await isBanned(tx, partner.id, userId)) fail(NumericError.CODE_UNAVAILABLE, CodeMessage.BANNED);
  const current = await referralRow(tx, userId);
  if (current?.partner_id === partner.id) {
    await tx.run('UPDATE referrals SET anonymous = ? WHERE user_id = ?', input.anonymous ? 1 : 0, userId);
    return;
  }
  if (await fromOwner(tx, partner.id, from)) fail(NumericError.CODE_UNAVAILABLE, CodeMessage.OWNERS_ORIGIN);
  if (current && now - current.changed_at < PARTNER_CHANGE_DELAY_MS) {
    const left = Math.ceil((current.changed_at + PARTNER_CHANGE_DELAY_MS - now) / 60_000);
    fail(NamedError.CODE_ACTIVATION_DELAY, `You can change your code in ${Math.floor(left / 60)} h ${left % 60} min`);
  }
  await tx.run(
    `INSERT INTO referrals (user_id, partner_id, code, anonymous, created_at, changed_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET partner_id = excluded.partner_id, code = excluded.code, anonymous = excluded.anonymous, changed_at = excluded.changed_at`,
    userId, partner.id, await codeOf(tx, partner), input.anonymous ? 1 : 0, now, now,
  );
  if (current) await countReferral(tx, current.partner_id, -1);
  await countReferral(tx, partner.id, 1);
  await countReferralDay(tx, partner.id, now);
}
