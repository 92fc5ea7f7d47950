import type { Migration } from '../migrations.ts';

/**
 * Partner earnings on deposits (document 3: "up to 10% of their deposits"; docs/decisions/0011,
 * amended): what each referral deposited while a partner's, and each partner's total, beside the
 * wagers that set the partner's tier. Earnings accrued before this from wagers stay accrued.
 */
export const partnerEarningsDeposits: Migration = {
  id: 81,
  name: 'partner earnings on deposits',
  sql: `
    ALTER TABLE partner_earnings ADD COLUMN deposited INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE referral_earnings ADD COLUMN deposited INTEGER NOT NULL DEFAULT 0;
  `,
};
