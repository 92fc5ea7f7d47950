/**
 * Sponsor deals (partnership-plus; docs/decisions/0028): a partner confirms an amount, the
 * sponsor offers it as credit (sponsor-credit.ts: claimed into the wallet as sponsored coins
 * against amount x multiplier wagered), and the deal runs its days. Its return is the house
 * edge on what the partner's referrals wagered meanwhile, read from the running totals.
 */
import { NamedError, NumericError, type PartnerDeal, type z } from '../../../src/contract/index.ts';
import { dealAmountProblem, nextCreditTime, partnerTier, toHash } from '../../../src/core/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { findUserById, hasTag, type UserRow } from '../../kernel/users.ts';
import { dealSettingsOf, dealTermsOf } from './deal-terms.ts';
import { requirePartner } from './races.ts';
import { giveBackCredit, offerCredit, type CreditDeps } from './sponsor-credit.ts';

const DAY_MS = 86_400_000;

export interface DealRow {
  id: number;
  partner_id: number;
  amount: number;
  wager_goal: number;
  wagered_start: number;
  wagered_end: number | null;
  status: 'active' | 'ended' | 'cancelled';
  confirmed_at: number;
  ends_at: number;
  ended_at: number | null;
  renew_at: number | null;
}

export function dealView(row: DealRow): z.output<typeof PartnerDeal> {
  const s = (ms: number) => Math.floor(ms / 1000);
  return { id: toHash(row.id), amount: row.amount, wager_goal: row.wager_goal, status: row.status, confirmed_at: s(row.confirmed_at), ends_at: s(row.ends_at), ended_at: row.ended_at === null ? null : s(row.ended_at) };
}

/** What the partner's referrals have wagered in all, net of refunds (0011's running total). */
export async function referralWagered(db: Pick<Db, 'get'>, partnerId: number): Promise<number> {
  return (await db.get<{ wagered: number }>('SELECT wagered FROM partner_earnings WHERE partner_id = ?', partnerId))?.wagered ?? 0;
}

export function latestDeal(db: Pick<Db, 'get'>, partnerId: number): Promise<DealRow | undefined> {
  return db.get<DealRow>('SELECT * FROM partner_deals WHERE partner_id = ? ORDER BY id DESC LIMIT 1', partnerId);
}

/** The referral wagers a deal has seen: until now while it runs, until its end after. */
export async function dealWagered(db: Pick<Db, 'get'>, deal: DealRow): Promise<number> {
  return (deal.wagered_end ?? await referralWagered(db, deal.partner_id)) - deal.wagered_start;
}

/** Why a deal cannot start now, as the error to answer, or null when it can. */
async function dealRefusal(db: Pick<Db, 'get'>, user: UserRow, amount: number): Promise<{ code: Parameters<typeof fail>[0]; message: string } | null> {
  const { settings: terms } = await dealTermsOf(db);
  if (!terms.deals_enabled) return { code: NumericError.INVALID_DATA, message: 'Deals are closed for now' };
  const problem = dealAmountProblem(amount, terms, partnerTier(await referralWagered(db, user.id)));
  if (problem) return { code: NumericError.INPUT_ERROR, message: problem };
  if (await db.get('SELECT 1 AS x FROM partner_deals WHERE partner_id = ? AND status = ?', user.id, 'active')) return { code: NumericError.INVALID_DATA, message: 'A deal is already running' };
  return null;
}

/** Refuses an amount the terms or the partner's tier do not allow (INPUT_ERROR). */
export async function checkDealAmount(db: Pick<Db, 'get'>, partnerId: number, amount: number): Promise<void> {
  const problem = dealAmountProblem(amount, (await dealTermsOf(db)).settings, partnerTier(await referralWagered(db, partnerId)));
  if (problem) fail(NumericError.INPUT_ERROR, problem);
}

/**
 * Starts a deal and makes its credit offer. The partial unique index keeps one active deal
 * per partner, so concurrent confirms cannot make two; the check before it names the reason.
 */
export async function startDeal(tx: Tx, user: UserRow, amount: number, now: number): Promise<DealRow> {
  requirePartner(user);
  const refusal = await dealRefusal(tx, user, amount);
  if (refusal) fail(refusal.code, refusal.message);
  const { settings: terms } = await dealTermsOf(tx);
  const wagerGoal = amount * terms.deal_wager_multiplier;
  const deal = (await tx.get<DealRow>(
    `INSERT INTO partner_deals (partner_id, amount, wager_goal, wagered_start, status, confirmed_at, ends_at)
     VALUES (?, ?, ?, ?, 'active', ?, ?) RETURNING *`,
    user.id, amount, wagerGoal, await referralWagered(tx, user.id), now, now + terms.deal_days * DAY_MS,
  ))!;
  // Any renewal still pending from an earlier deal is this one now.
  await tx.run('UPDATE partner_deals SET renew_at = NULL WHERE partner_id = ? AND renew_at IS NOT NULL', user.id);
  await offerCredit(tx, user.id, { offer: amount, wagerGoal });
  return deal;
}

/** Stops the running deal: its unclaimed offer lapses; `cancel` also gives the sponsored coins still held back. */
async function stopDeal(tx: Tx, deal: DealRow, status: 'ended' | 'cancelled', now: number, renewAt: number | null): Promise<DealRow | undefined> {
  const stopped = await tx.get<DealRow>(
    "UPDATE partner_deals SET status = ?, ended_at = ?, wagered_end = ?, renew_at = ? WHERE id = ? AND status = 'active' RETURNING *",
    status, now, await referralWagered(tx, deal.partner_id), renewAt, deal.id,
  );
  if (stopped) await tx.run('UPDATE sponsor_credits SET offer = 0 WHERE user_id = ?', deal.partner_id);
  return stopped;
}

/** deal-settings-action cancel: the running deal ends now and the sponsor takes back what it lent and is still held. */
export async function cancelDeal(tx: Tx, deps: CreditDeps, user: UserRow): Promise<{ deal: DealRow; returned: number }> {
  requirePartner(user);
  const running = await tx.get<DealRow>("SELECT * FROM partner_deals WHERE partner_id = ? AND status = 'active'", user.id);
  const stopped = running && await stopDeal(tx, running, 'cancelled', deps.now, null);
  if (!stopped) fail(NumericError.INVALID_DATA, 'No deal is running');
  return { deal: stopped, returned: await giveBackCredit(tx, deps, user.id) };
}

/**
 * The deal timer: deals past their end stop (their wagers frozen, an unclaimed offer lapsing,
 * a claimed credit keeping its challenge); an auto-renewing partner's next deal starts at the
 * first credit time after the end. Each step is its own conditional update, so a timer tick
 * and a start-up catching the same deal act once.
 */
export async function settleDeals(db: Db, now: number): Promise<void> {
  const due = await db.all<DealRow>("SELECT * FROM partner_deals WHERE status = 'active' AND ends_at <= ?", now);
  for (const deal of due) {
    await db.transaction(async (tx) => {
      const settings = await dealSettingsOf(tx, deal.partner_id);
      const renewAt = settings.auto_renew && settings.renew_amount > 0 ? nextCreditTime(Math.floor(deal.ends_at / 1000), settings.time_offset) * 1000 : null;
      await stopDeal(tx, deal, 'ended', now, renewAt);
    });
  }
  const renewing = await db.all<DealRow>('SELECT * FROM partner_deals WHERE renew_at IS NOT NULL AND renew_at <= ?', now);
  for (const deal of renewing) {
    await db.transaction(async (tx) => {
      if ((await tx.run('UPDATE partner_deals SET renew_at = NULL WHERE id = ? AND renew_at IS NOT NULL', deal.id)).changes !== 1) return;
      const partner = await findUserById(tx, deal.partner_id);
      const { renew_amount } = await dealSettingsOf(tx, deal.partner_id);
      // A renewal the tags, terms or tier no longer allow simply does not happen.
      if (!partner || (!hasTag(partner, 'partner') && !hasTag(partner, 'club_member')) || await dealRefusal(tx, partner, renew_amount)) return;
      await startDeal(tx, partner, renew_amount, now);
    });
  }
}

/** deal-settings-action renew: a deal now with the renewal amount. */
export async function renewDeal(tx: Tx, user: UserRow, now: number): Promise<DealRow> {
  const { renew_amount } = await dealSettingsOf(tx, user.id);
  if (renew_amount <= 0) fail(NamedError.COMMIT_ERROR, 'Set a renewal amount first');
  return startDeal(tx, user, renew_amount, now);
}
