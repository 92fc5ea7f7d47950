import type { Migration } from '../migrations.ts';

/**
 * Stream parties' deposit-bonus goals (docs/decisions/0036): the cents their participants
 * deposited while taking part, and how many goals have been paid out. The conditional update
 * of goals_paid is what makes a goal pay once, whatever deposits race to cross it.
 */
export const partyDepositGoals: Migration = {
  id: 65,
  name: 'party deposit goals',
  sql: `
    ALTER TABLE stream_parties ADD COLUMN deposited INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE stream_parties ADD COLUMN goals_paid INTEGER NOT NULL DEFAULT 0;
  `,
};
