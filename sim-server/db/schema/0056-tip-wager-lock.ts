import type { Migration } from '../migrations.ts';

/**
 * need_wager tips (document 2 section 6, docs/decisions/0032): `accounts.wager_lock` is the
 * cents of such tips a player must still wager once before they can be withdrawn, put in the
 * vault or tipped on. The ledger keeps it at most balance − sponsored.
 */
export const tipWagerLock: Migration = {
  id: 56,
  name: 'tip wager lock',
  sql: `
    ALTER TABLE accounts ADD COLUMN wager_lock INTEGER NOT NULL DEFAULT 0 CHECK (wager_lock >= 0);
  `,
};
