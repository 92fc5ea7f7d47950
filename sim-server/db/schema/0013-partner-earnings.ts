import type { Migration } from '../migrations.ts';

/**
 * Partner earnings (docs/decisions/0011): a share of the house edge on each referred wager,
 * kept as running totals in the wager's own transaction so that reading them never sums
 * the wager history.
 */
export const partnerEarnings: Migration = {
  id: 13,
  name: 'partner earnings',
  sql: `
    -- One row per partner. Earnings accrue in thousandths of a cent (exact for any wager);
    -- claimed is whole cents paid out, so what can be claimed is floor(accrued / 1000) - claimed.
    -- No CHECK ties the two: a refund after a claim may take accrued below it, and a
    -- constraint here would make that refund fail.
    CREATE TABLE partner_earnings (
      partner_id INTEGER PRIMARY KEY REFERENCES users(id),
      accrued_milli INTEGER NOT NULL DEFAULT 0,
      claimed INTEGER NOT NULL DEFAULT 0,
      wagered INTEGER NOT NULL DEFAULT 0
    );

    -- What each referral has wagered and earned their partner, for the referrals list.
    CREATE TABLE referral_earnings (
      user_id INTEGER PRIMARY KEY REFERENCES users(id),
      partner_id INTEGER NOT NULL REFERENCES users(id),
      wagered INTEGER NOT NULL DEFAULT 0,
      earned_milli INTEGER NOT NULL DEFAULT 0
    );

    -- Visits and sign-ups through a partner's invite link (/p/{code}, /r/{code}).
    CREATE TABLE invite_visits (
      partner_id INTEGER PRIMARY KEY REFERENCES users(id),
      visits INTEGER NOT NULL DEFAULT 0
    );
  `,
};
