/**
 * Partner earnings (document 3 sections 1 and 9: a partner earns "up to 10% of their
 * deposits"; docs/decisions/0011): a share of every completed deposit of their referrals, the
 * share set by the partner's tier (src/core/partner-deals.ts, 5% to 10%), accrued in the
 * deposit's own transaction and claimed into the wallet once they have 20 referrals. The
 * referrals' counted wagers are kept beside it: they set the tier.
 */
import { NamedError } from '../../../src/contract/index.ts';
import { partnerDepositEarningMilli, partnerTier, toHash } from '../../../src/core/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { BalanceChange, CountedWager, Ledger } from '../../db/ledger.ts';
import { fail } from '../../errors.ts';
import { partnerByCode } from './codes.ts';
import { countVisitDay } from './partner-stats.ts';
import { PARTNERSHIP_HOUSE } from './referrals.ts';

/** Referrals a partner needs before earnings can be claimed (document 3 section 9). */
export const CASHOUT_MIN_REFERRALS = 20;

/**
 * Wager hook: adds a counted wager of `partnerId`'s referral to the running totals that set the
 * partner's tier (a wager earns nothing itself). Answers the partner's referral wagers before and
 * after, for the level change.
 */
export async function countReferralWager(tx: Tx, wager: CountedWager, partnerId: number): Promise<{ partnerId: number; before: number; after: number }> {
  const wagered = wager.amount;
  await tx.run(
    `INSERT INTO referral_earnings (user_id, partner_id, wagered) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET partner_id = excluded.partner_id, wagered = referral_earnings.wagered + excluded.wagered`,
    wager.userId, partnerId, wagered,
  );
  const total = (await tx.get<{ wagered: number }>(
    `INSERT INTO partner_earnings (partner_id, wagered) VALUES (?, ?)
     ON CONFLICT (partner_id) DO UPDATE SET wagered = partner_earnings.wagered + excluded.wagered
     RETURNING wagered`,
    partnerId, wagered,
  ))!;
  return { partnerId, before: total.wagered - wagered, after: total.wagered };
}

/**
 * Ledger hook for a referral's completed deposit: credits `partnerId` their tier's share of it,
 * in thousandths of a cent (exact), in the deposit's own transaction. Answers what it earned.
 */
export async function accrueDepositEarning(tx: Tx, deposit: BalanceChange, partnerId: number): Promise<number> {
  const tier = partnerTier((await tx.get<{ wagered: number }>('SELECT wagered FROM partner_earnings WHERE partner_id = ?', partnerId))?.wagered ?? 0);
  const milli = partnerDepositEarningMilli(deposit.amount, tier);
  await tx.run(
    `INSERT INTO referral_earnings (user_id, partner_id, deposited, earned_milli) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET partner_id = excluded.partner_id, deposited = referral_earnings.deposited + excluded.deposited, earned_milli = referral_earnings.earned_milli + excluded.earned_milli`,
    deposit.userId, partnerId, deposit.amount, milli,
  );
  await tx.run(
    `INSERT INTO partner_earnings (partner_id, accrued_milli, deposited) VALUES (?, ?, ?)
     ON CONFLICT (partner_id) DO UPDATE SET accrued_milli = partner_earnings.accrued_milli + excluded.accrued_milli, deposited = partner_earnings.deposited + excluded.deposited`,
    partnerId, milli, deposit.amount,
  );
  return milli;
}

/** A partner's earnings in cents. */
export interface EarningsSummary {
  /** Everything accrued, in whole cents (rounded down). */
  accrued: number;
  claimed: number;
  /** What a claim would pay now. */
  available: number;
  /** What the referrals have wagered (counted wagers): it sets the tier. */
  wagered: number;
  /** What the referrals have deposited: the base of the earnings. */
  deposited: number;
  /** The share of a deposit the partner's tier earns now, in percent. */
  share_percent: number;
  referrals: number;
  visits: number;
  can_claim: boolean;
}

/** The earnings figures of a partner. */
export async function earningsOf(db: Pick<Db, 'get'>, partnerId: number): Promise<EarningsSummary> {
  const row = await db.get<{ accrued_milli: number; claimed: number; wagered: number; deposited: number; referrals: number }>('SELECT accrued_milli, claimed, wagered, deposited, referrals FROM partner_earnings WHERE partner_id = ?', partnerId);
  const referrals = row?.referrals ?? 0;
  const visits = (await db.get<{ visits: number }>('SELECT visits FROM invite_visits WHERE partner_id = ?', partnerId))?.visits ?? 0;
  const accrued = Math.max(0, Math.floor((row?.accrued_milli ?? 0) / 1000));
  const claimed = row?.claimed ?? 0;
  const available = Math.max(0, accrued - claimed);
  const wagered = row?.wagered ?? 0;
  return {
    accrued, claimed, available, wagered, deposited: row?.deposited ?? 0, share_percent: partnerTier(wagered).earning_percent,
    referrals, visits, can_claim: referrals >= CASHOUT_MIN_REFERRALS && available > 0,
  };
}

/**
 * Pays what a partner has earned and not yet claimed, as one ledger transfer from the
 * partnership house account. The conditional update is what makes twenty claims at once
 * pay once: only the first sees `claimed` where it was.
 */
export async function claimEarnings(tx: Tx, ledger: Ledger, partnerId: number): Promise<{ amount: number }> {
  const summary = await earningsOf(tx, partnerId);
  if (summary.referrals < CASHOUT_MIN_REFERRALS) fail(NamedError.COMMIT_ERROR, `You need at least ${CASHOUT_MIN_REFERRALS} referrals to cash out`);
  if (summary.available <= 0) fail(NamedError.COMMIT_ERROR, 'Nothing to claim yet');
  const paid = await tx.run('UPDATE partner_earnings SET claimed = claimed + ? WHERE partner_id = ? AND claimed = ?', summary.available, partnerId, summary.claimed);
  if (paid.changes !== 1) fail(NamedError.COMMIT_ERROR, 'Nothing to claim yet');
  await ledger.transfer(tx, { from: PARTNERSHIP_HOUSE, to: { user: partnerId }, amount: summary.available, type: 'partnership_earned', ref: toHash(partnerId) });
  return { amount: summary.available };
}

/** One referral in the partner's list. */
export interface ReferralEntry {
  hash: string;
  name: string;
  display_name: string;
  /** Hidden referrals (they chose anonymous) show no name. */
  anonymous: boolean;
  joined_at: number;
  wagered: number;
  deposited: number;
  /** What their deposits earned the partner, whole cents rounded down. */
  earned: number;
}

/** A page of a partner's referrals, newest first; `offset` is the last hash of the previous page. */
export async function referralsPage(db: Pick<Db, 'all'>, partnerId: number, page: { afterUserId: number | null; count: number }): Promise<ReferralEntry[]> {
  const rows = await db.all<{ user_id: number; name: string; display_name: string; anonymous: number; created_at: number; wagered: number | null; deposited: number | null; earned_milli: number | null }>(
    `SELECT r.user_id, u.name, u.display_name, r.anonymous, r.created_at, e.wagered, e.deposited, e.earned_milli
       FROM referrals r JOIN users u ON u.id = r.user_id
       LEFT JOIN referral_earnings e ON e.user_id = r.user_id AND e.partner_id = r.partner_id
      WHERE r.partner_id = ? AND r.user_id < ?
      ORDER BY r.user_id DESC LIMIT ?`,
    partnerId, page.afterUserId ?? Number.MAX_SAFE_INTEGER, page.count,
  );
  return rows.map((r) => ({
    hash: toHash(r.user_id),
    name: r.anonymous ? 'Hidden' : r.name,
    display_name: r.anonymous ? 'Hidden' : r.display_name,
    anonymous: r.anonymous === 1,
    joined_at: Math.floor(r.created_at / 1000),
    wagered: r.wagered ?? 0,
    deposited: r.deposited ?? 0,
    earned: Math.floor((r.earned_milli ?? 0) / 1000),
  }));
}

/** Counts a visit of a partner's invite link; an unknown code counts nothing. */
export async function countVisit(tx: Tx, partnerName: string, now: number): Promise<boolean> {
  const partner = await partnerByCode(tx, partnerName);
  if (!partner) return false;
  await tx.run('INSERT INTO invite_visits (partner_id, visits) VALUES (?, 1) ON CONFLICT (partner_id) DO UPDATE SET visits = invite_visits.visits + 1', partner.id);
  await countVisitDay(tx, partner.id, now);
  return true;
}
