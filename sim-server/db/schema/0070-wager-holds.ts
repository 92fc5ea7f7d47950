import type { Migration } from '../migrations.ts';

/**
 * Wager holds (docs/decisions/0049): a stake that can still be refunded (a battle seat, a
 * sponsor's seats) is held, not wagered. The row keeps which locked parts of the balance the
 * debit took (sponsored, bonus, need_wager tip coins), so a refund gives back exactly those
 * parts, and it becomes a counted wager only when it settles (the battle filled and can no
 * longer be left). `recalled` is sponsored cents a cancelled credit took back while they were
 * held: a refund pays them to the sponsor, not to the player. `held` is the debit less what was
 * refunded; `counted` is what settled.
 */
export const wagerHolds: Migration = {
  id: 70,
  name: 'wager holds',
  sql: `
    CREATE TABLE wager_holds (
      entry_id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL,
      ref TEXT NOT NULL,
      type TEXT NOT NULL,
      amount INTEGER NOT NULL CHECK (amount > 0),
      held INTEGER NOT NULL CHECK (held >= 0 AND held <= amount),
      sponsored INTEGER NOT NULL DEFAULT 0 CHECK (sponsored >= 0),
      bonus INTEGER NOT NULL DEFAULT 0 CHECK (bonus >= 0),
      tip INTEGER NOT NULL DEFAULT 0 CHECK (tip >= 0),
      recalled INTEGER NOT NULL DEFAULT 0 CHECK (recalled >= 0),
      counted INTEGER NOT NULL DEFAULT 0,
      settled_at INTEGER,
      CHECK (sponsored + bonus + tip + recalled <= held)
    );
    CREATE INDEX wager_holds_ref ON wager_holds (ref, user_id);
    CREATE INDEX wager_holds_user ON wager_holds (user_id, settled_at);
  `,
};
