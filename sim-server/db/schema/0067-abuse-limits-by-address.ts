import type { Migration } from '../migrations.ts';

/**
 * Where things came from, for the limits of docs/decisions/0048: the address each session
 * signed in from (a referral code is refused from its owner's devices and addresses), the
 * device and address of each rain join (one join per device and per address a rain), and the
 * address each chat message was posted from (a few accounts per address a minute).
 * Rows written before this migration have none: they limit nothing.
 */
export const abuseLimitsByAddress: Migration = {
  id: 67,
  name: 'abuse limits by device and address',
  sql: `
    ALTER TABLE sessions ADD COLUMN ip TEXT;

    ALTER TABLE chat_rain_users ADD COLUMN device TEXT;
    ALTER TABLE chat_rain_users ADD COLUMN ip TEXT;
    CREATE INDEX chat_rain_users_device ON chat_rain_users (rain_id, device);
    CREATE INDEX chat_rain_users_ip ON chat_rain_users (rain_id, ip);

    ALTER TABLE chat_messages ADD COLUMN ip TEXT;
    CREATE INDEX chat_messages_ip ON chat_messages (ip, created_at);
  `,
};
