import type { Migration } from '../migrations.ts';

/**
 * Today's race points on the player's row (docs/decisions/0045, planned in 0040): a wager adds
 * its cents to users.race_wagered in the same UPDATE that adds its experience, so it no longer
 * writes a race_days page of its own. race_day is the UTC day those figures belong to; on the
 * player's first change of another day they are moved into race_days in that change's
 * transaction. A day's points are race_days' row plus the player's row when race_day is that
 * day: every reader sums both, so rows written before this migration still count.
 * The index serves settlement and the boards' rebuild; the wager's UPDATE never sets race_day.
 */
export const raceTodayOnPlayer: Migration = {
  id: 66,
  name: 'race today on player',
  sql: `
    ALTER TABLE users ADD COLUMN race_day INTEGER;
    ALTER TABLE users ADD COLUMN race_wagered INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN race_reached_at INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX users_race_day ON users (race_day);
  `,
};
