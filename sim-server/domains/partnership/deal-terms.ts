/**
 * The programme's deal terms (partnership-plus admin settings) and a partner's deal
 * preferences, with the sponsor's credit time they give the dashboard (docs/decisions/0028).
 */
import { NumericError } from '../../../src/contract/index.ts';
import { DEAL_TERM_LIMITS, DEFAULT_DEAL_TERMS, nextCreditTime, type DealTerms } from '../../../src/core/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { findUserById, hasTag, type UserRow } from '../../kernel/users.ts';

/** Scope from which staff manage the programme, as for the members list (document 3). */
const STAFF_MIN_SCOPE = 2;

/** Partnership staff: scope 2+ or the marketing tag; ACCESS_DENIED for anyone else. */
export function requireStaff(user: UserRow): void {
  if (user.scope < STAFF_MIN_SCOPE && !hasTag(user, 'marketing')) fail(NumericError.ACCESS_DENIED, 'The partnership settings are for partnership staff');
}

interface TermsRow {
  deals_enabled: number;
  deal_min: number;
  deal_wager_multiplier: number;
  deal_days: number;
  changed_by: number | null;
  changed_at: number;
}

/** The terms in force, with who set them last (the defaults until staff change them). */
export async function dealTermsOf(db: Pick<Db, 'get'>): Promise<{ settings: DealTerms; changed_at: number | null; changed_by: string | null }> {
  const row = await db.get<TermsRow>('SELECT * FROM partnership_settings WHERE id = 1');
  if (!row) return { settings: { ...DEFAULT_DEAL_TERMS }, changed_at: null, changed_by: null };
  return {
    settings: { deals_enabled: row.deals_enabled === 1, deal_min: row.deal_min, deal_wager_multiplier: row.deal_wager_multiplier, deal_days: row.deal_days },
    changed_at: Math.floor(row.changed_at / 1000),
    changed_by: row.changed_by === null ? null : ((await findUserById(db, row.changed_by))?.name ?? null),
  };
}

/** partnership-plus.change-admin-settings: new terms within their bounds (INPUT_ERROR otherwise). */
export async function changeDealTerms(tx: Tx, staff: UserRow, terms: DealTerms, now: number) {
  const [minMul, maxMul] = DEAL_TERM_LIMITS.multiplier;
  const [minDays, maxDays] = DEAL_TERM_LIMITS.days;
  if (terms.deal_wager_multiplier < minMul || terms.deal_wager_multiplier > maxMul) fail(NumericError.INPUT_ERROR, `deal_wager_multiplier: from ${minMul} to ${maxMul}`);
  if (terms.deal_days < minDays || terms.deal_days > maxDays) fail(NumericError.INPUT_ERROR, `deal_days: from ${minDays} to ${maxDays}`);
  await tx.run(
    `INSERT INTO partnership_settings (id, deals_enabled, deal_min, deal_wager_multiplier, deal_days, changed_by, changed_at) VALUES (1, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET deals_enabled = excluded.deals_enabled, deal_min = excluded.deal_min, deal_wager_multiplier = excluded.deal_wager_multiplier,
       deal_days = excluded.deal_days, changed_by = excluded.changed_by, changed_at = excluded.changed_at`,
    terms.deals_enabled ? 1 : 0, terms.deal_min, terms.deal_wager_multiplier, terms.deal_days, staff.id, now,
  );
  return dealTermsOf(tx);
}

/** A partner's deal preferences. */
export interface DealSettingsRow {
  auto_renew: boolean;
  renew_amount: number;
  time_offset: number;
}

export async function dealSettingsOf(db: Pick<Db, 'get'>, partnerId: number): Promise<DealSettingsRow> {
  const row = await db.get<{ auto_renew: number; renew_amount: number; time_offset: number }>('SELECT auto_renew, renew_amount, time_offset FROM partner_deal_settings WHERE partner_id = ?', partnerId);
  return { auto_renew: row?.auto_renew === 1, renew_amount: row?.renew_amount ?? 0, time_offset: row?.time_offset ?? 0 };
}

export async function saveDealSettings(tx: Tx, partnerId: number, settings: DealSettingsRow): Promise<DealSettingsRow> {
  await tx.run(
    `INSERT INTO partner_deal_settings (partner_id, auto_renew, renew_amount, time_offset) VALUES (?, ?, ?, ?)
     ON CONFLICT (partner_id) DO UPDATE SET auto_renew = excluded.auto_renew, renew_amount = excluded.renew_amount, time_offset = excluded.time_offset`,
    partnerId, settings.auto_renew ? 1 : 0, settings.renew_amount, settings.time_offset,
  );
  return settings;
}

/**
 * When the sponsor next offers credit (the dashboard's credit.sponsor): the renewal of the
 * latest deal, at the partner's time of day; null when nothing will renew.
 */
export async function sponsorSchedule(db: Pick<Db, 'get'>, partnerId: number): Promise<{ next_time_at: number | null; time_offset: number }> {
  const settings = await dealSettingsOf(db, partnerId);
  const deal = await db.get<{ status: string; ends_at: number; renew_at: number | null }>('SELECT status, ends_at, renew_at FROM partner_deals WHERE partner_id = ? ORDER BY id DESC LIMIT 1', partnerId);
  let next: number | null = null;
  if (deal?.renew_at != null) next = Math.floor(deal.renew_at / 1000);
  else if (deal?.status === 'active' && settings.auto_renew && settings.renew_amount > 0) next = nextCreditTime(Math.floor(deal.ends_at / 1000), settings.time_offset);
  return { next_time_at: next, time_offset: settings.time_offset };
}
