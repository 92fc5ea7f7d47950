/**
 * partnership-plus.connect-kick (docs/decisions/0028). The sim has no Kick to sign in to: the
 * streams console (sim-server/domains/streams) is its Kick, and a channel is the player's when
 * they have streamed it from their account. Anything else is KICK_ACCOUNT_NOT_LINKED.
 */
import { NamedError, NumericError } from '../../../src/contract/index.ts';
import type { Db } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { requireUser, type Handlers } from '../../rpc/context.ts';
import { setTag } from '../../kernel/users.ts';
import { requirePartner } from './races.ts';

/** The Kick channel linked to a player, if any (the stream club asks this). */
export async function kickAccountOf(db: Pick<Db, 'get'>, userId: number): Promise<{ name: string; linked_at: number } | null> {
  const row = await db.get<{ kick_name: string; linked_at: number }>('SELECT kick_name, linked_at FROM kick_accounts WHERE user_id = ?', userId);
  return row ? { name: row.kick_name, linked_at: Math.floor(row.linked_at / 1000) } : null;
}

export const kickHandlers: Handlers = {
  'partnership-plus.connect-kick': ({ name }, ctx) => {
    const user = requireUser(ctx);
    requirePartner(user);
    return ctx.db.transaction(async (tx) => {
      const streamed = await tx.get('SELECT 1 AS x FROM streams WHERE user_id = ? AND channel = ? COLLATE NOCASE LIMIT 1', user.id, name);
      if (!streamed) fail(NamedError.KICK_ACCOUNT_NOT_LINKED, `No Kick channel ${name} streams from your account`);
      const holder = await tx.get<{ user_id: number }>('SELECT user_id FROM kick_accounts WHERE kick_name = ?', name);
      if (holder && holder.user_id !== user.id) fail(NumericError.INVALID_DATA, 'That Kick channel is linked to another player');
      await tx.run(
        'INSERT INTO kick_accounts (user_id, kick_name, linked_at) VALUES (?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET kick_name = excluded.kick_name, linked_at = excluded.linked_at',
        user.id, name, ctx.config.now(),
      );
      // A linked streamer carries the kick tag (document 1: an icon and the top rank).
      await setTag(tx, user.id, 'kick', true);
      return { kick: (await kickAccountOf(tx, user.id))! };
    });
  },
};
