/**
 * chat-mute.*: a player hides another's messages from their own chat for 1, 7 or 30 days
 * (document 2 sections 5 and 9). The client filters by the muted map; only ordinary players
 * (scope 0) can be muted.
 */
import { NumericError } from '../../../src/contract/index.ts';
import { MUTE_DAYS } from '../../../src/core/chat.ts';
import { parseHash, toHash } from '../../../src/core/hash-id.ts';
import { fail } from '../../errors.ts';
import { requireUser, type Handlers } from '../../rpc/context.ts';
import type { UserRow } from '../../kernel/users.ts';
import { chatUsers } from './store.ts';

/** How far `expire` may sit from exactly 1, 7 or 30 days ahead (the client's clock drifts). */
const EXPIRE_SLACK_S = 600;

export const muteHandlers: Handlers = {
  'chat-mute.loadMuted': async (_params, ctx) => {
    const user = requireUser(ctx);
    const nowS = Math.floor(ctx.config.now() / 1000);
    const rows = await ctx.db.all<{ muted_id: number; expire_s: number }>('SELECT muted_id, expire_s FROM chat_mutes WHERE user_id = ? AND expire_s > ?', user.id, nowS);
    return {
      muted: Object.fromEntries(rows.map((r) => [toHash(r.muted_id), r.expire_s])),
      users: await chatUsers(ctx.db, rows.map((r) => r.muted_id), ctx.config.now()),
    };
  },
  'chat-mute.mute': async ({ user_hash, expire }, ctx) => {
    const user = requireUser(ctx);
    const nowS = Math.floor(ctx.config.now() / 1000);
    if (!MUTE_DAYS.some((days) => Math.abs(expire - (nowS + days * 86_400)) <= EXPIRE_SLACK_S)) {
      fail(NumericError.INPUT_ERROR, 'expire: must be 1, 7 or 30 days from now');
    }
    await ctx.db.transaction(async (tx) => {
      const id = parseHash(user_hash);
      const target = (id !== null && await tx.get<UserRow>('SELECT * FROM users WHERE id = ?', id)) || fail(NumericError.NOT_FOUND, 'Player not found');
      if (target.id === user.id) fail(NumericError.INVALID_DATA, 'You cannot mute yourself');
      if (target.scope > 0) fail(NumericError.ACCESS_DENIED, 'Chat staff cannot be muted');
      await tx.run(
        'INSERT INTO chat_mutes (user_id, muted_id, expire_s) VALUES (?, ?, ?) ON CONFLICT (user_id, muted_id) DO UPDATE SET expire_s = excluded.expire_s',
        user.id, target.id, expire,
      );
    });
    return { success: true };
  },
  'chat-mute.unmute': async ({ user_hash }, ctx) => {
    const user = requireUser(ctx);
    const id = parseHash(user_hash);
    const { changes } = await ctx.db.transaction((tx) => tx.run('DELETE FROM chat_mutes WHERE user_id = ? AND muted_id = ?', user.id, id ?? 0));
    return { success: changes > 0 };
  },
};
