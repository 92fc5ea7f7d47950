import type { Migration } from '../migrations.ts';

/**
 * A partner's referral count as a running total beside the earnings (issue 18: dashboard
 * figures kept up to date in the transaction that changes them), so the partner's home no
 * longer counts the referrals table on every request.
 */
export const partnerReferralCount: Migration = {
  id: 63,
  name: 'partner referral count',
  sql: `
    ALTER TABLE partner_earnings ADD COLUMN referrals INTEGER NOT NULL DEFAULT 0;

    -- WHERE true: SQLite's parser needs it before an upsert's ON CONFLICT after a SELECT.
    INSERT INTO partner_earnings (partner_id, referrals)
      SELECT partner_id, COUNT(*) FROM referrals WHERE true GROUP BY partner_id
      ON CONFLICT (partner_id) DO UPDATE SET referrals = excluded.referrals;
  `,
};
