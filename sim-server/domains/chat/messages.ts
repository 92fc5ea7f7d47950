/**
 * chat.messages, chat.send and the staff actions (document 2 sections 5 to 7). Every change
 * is written first and published to the CHAT room after its transaction commits.
 */
import { NumericError, Rooms, type ChatMessage } from '../../../src/contract/index.ts';
import { CHAT_LIMITS, chatMessageVisible, cleanChatText } from '../../../src/core/chat.ts';
import { parseHash, toHash } from '../../../src/core/hash-id.ts';
import type { Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { requireUser, type CallContext, type Handlers } from '../../rpc/context.ts';
import type { UserRow } from '../../kernel/users.ts';
import { unlockedBundles } from '../customize/grant.ts';
import { releaseOnRefusal } from '../../kernel/flood.ts';
import { simulatedOnline } from '../../world/population-count.ts';
import { emojiBundlesFor, lockedEmojiKeys } from './emoji-packs.ts';
import { REPEAT_WINDOW_MS, SEND_DELAY_MS } from './runtime.ts';
import {
  banUntil, chatPaused, chatUser, chatUsers, isStaff, messageByHash, messageWire, userIdsOf, viewerOf, type MessageRow,
} from './store.ts';
import { IN_GIVEAWAY, inAnonymousGiveaway } from './giveaway.ts';

/** What a flooding player is told (document 1 section 8's wording for battle messages). */
export const FLOOD_TEXT = 'Not so fast! Slow down with your messages.';

/** When a player may send again (milliseconds); 0 when now. Staff have no delay. */
async function sendAfter(tx: Pick<Tx, 'get'>, user: UserRow, now: number): Promise<number> {
  if (isStaff(user)) return 0;
  const last = (await tx.get<{ at: number | null }>('SELECT MAX(created_at) AS at FROM chat_messages WHERE user_id = ? AND origin IS NULL', user.id))?.at ?? null;
  return last !== null && last + SEND_DELAY_MS > now ? last + SEND_DELAY_MS : 0;
}

/**
 * Milliseconds until this player's address may have another account posting (config
 * chatAccountsPerIp, docs/decisions/0048); 0 when now. An account that posted from the address
 * in the window keeps its place; a new one waits until one of the others' last post leaves it.
 */
async function addressWait(tx: Pick<Tx, 'all'>, ctx: CallContext, user: UserRow, now: number): Promise<number> {
  const { max, windowMs } = ctx.config.chatAccountsPerIp;
  if (max === 0 || isStaff(user)) return 0;
  const posters = await tx.all<{ user_id: number; last: number }>(
    'SELECT user_id, MAX(created_at) AS last FROM chat_messages WHERE ip = ? AND origin IS NULL AND created_at > ? GROUP BY user_id',
    ctx.ip, now - windowMs,
  );
  if (posters.length < max || posters.some((p) => p.user_id === user.id)) return 0;
  return Math.min(...posters.map((p) => p.last)) + windowMs - now;
}

/** Publishes a new or restored message with its users, once committed. */
export async function publishMessage(tx: Tx, ctx: CallContext, message: ChatMessage, type: 'MSG_CREATED' | 'MSG_UNHIDDEN'): Promise<void> {
  const users = Object.values(await chatUsers(tx, userIdsOf(message), ctx.config.now()));
  tx.afterCommit(() => ctx.hub.publish(Rooms.chat, type, { message, users }));
}

function requireStaff(user: UserRow): void {
  if (!isStaff(user)) fail(NumericError.ACCESS_DENIED, 'Only chat staff can do this');
}

async function requireMessage(tx: Tx, hash: string): Promise<MessageRow> {
  return await messageByHash(tx, hash) ?? fail(NumericError.NOT_FOUND, 'Message not found');
}

export const messageHandlers: Handlers = {
  'chat.messages': async ({ count = CHAT_LIMITS.load, fields }, ctx) => {
    const now = ctx.config.now();
    const viewer = await viewerOf(ctx.db, ctx.user);
    const staff = ctx.user !== null && isStaff(ctx.user);
    const withHidden = staff && fields === 'hidden';
    // Read past `count` so that messages this viewer may not see do not shorten the page.
    const rows = (await ctx.db
      .all<MessageRow>(
        'SELECT * FROM chat_messages WHERE deleted = 0 AND (hidden = 0 OR ? OR user_id = ?) ORDER BY id DESC LIMIT ?',
        withHidden ? 1 : 0, ctx.user?.id ?? 0, count * 2,
      ))
      .toReversed();
    const messages = rows
      .map((row) => messageWire(row, staff || row.user_id === ctx.user?.id))
      .filter((m) => chatMessageVisible(m, viewer) || (withHidden && m.hidden))
      .slice(-count);
    const ids = messages.flatMap(userIdsOf);
    return {
      users: await chatUsers(ctx.db, ids, now),
      messages,
      bundles: emojiBundlesFor(ctx.user ? (await unlockedBundles(ctx.db, ctx.user.id)).emojis : []),
      user_timeout: ctx.user && !isStaff(ctx.user) ? SEND_DELAY_MS / 1000 : 0,
      send_after: ctx.user ? await sendAfter(ctx.db, ctx.user, now) : 0,
      paused: await chatPaused(ctx.db),
      online: ctx.hub.stats().connections,
      time: now,
      simulated: simulatedOnline(),
      me: ctx.user ? await chatUser(ctx.db, ctx.user, now) : null,
    };
  },

  'chat.send': async ({ text, reply_hash }, ctx) => {
    const user = requireUser(ctx);
    const now = ctx.config.now();
    // Taken before the transaction (Redis answers asynchronously), given back on any refusal.
    const flood = await ctx.chat.flood.take(String(user.id), now);
    return releaseOnRefusal(flood, () => ctx.db.transaction(async (tx) => {
      const until = await banUntil(tx, user.id, now);
      if (until) fail(NumericError.ACCESS_DENIED, `You are banned from the chat until ${new Date(until * 1000).toISOString()}`);
      if (!isStaff(user) && await chatPaused(tx)) fail(NumericError.INVALID_DATA, 'The chat is paused');
      if (await inAnonymousGiveaway(tx, user.id)) fail(NumericError.INVALID_DATA, IN_GIVEAWAY);
      const clean = cleanChatText(text);
      if (clean.length === 0) fail(NumericError.INPUT_ERROR, 'text: must be at least 1');
      // A card pack's emojis are its owner's (docs/decisions/0034).
      if (lockedEmojiKeys(clean, (await unlockedBundles(tx, user.id)).emojis).length > 0) fail(NumericError.ACCESS_DENIED, 'Unlock this emoji pack with its card first');
      const after = await sendAfter(tx, user, now);
      if (after) fail(NumericError.INVALID_DATA, `Try again in ${Math.ceil((after - now) / 1000)} s`);
      const recent = await tx.all<{ text: string }>(
        'SELECT text FROM chat_messages WHERE user_id = ? AND origin IS NULL AND created_at > ? ORDER BY id DESC LIMIT 3',
        user.id, now - REPEAT_WINDOW_MS,
      );
      if (recent.some((r) => r.text.toLowerCase() === clean.toLowerCase())) fail(NumericError.INVALID_DATA, 'Do not repeat the same message');
      let replyId: number | null = null;
      if (reply_hash !== undefined) {
        const target = await messageByHash(tx, reply_hash);
        if (!target || (target.hidden && !isStaff(user) && target.user_id !== user.id)) fail(NumericError.INVALID_DATA, 'The message you reply to is gone');
        replyId = target.id;
      }
      const wait = await addressWait(tx, ctx, user, now);
      if (wait) fail(NumericError.INVALID_DATA, `Too many accounts post from your address: try again in ${Math.ceil(wait / 1000)} s`);
      // Counted last, so a refusal above does not use up the player's allowance.
      if (!flood.allowed) fail(NumericError.INVALID_DATA, FLOOD_TEXT);
      const { lastInsertRowid } = await tx.run('INSERT INTO chat_messages (user_id, text, reply_id, created_at, ip) VALUES (?, ?, ?, ?, ?)', user.id, clean, replyId, now, ctx.ip);
      const message = messageWire((await tx.get<MessageRow>('SELECT * FROM chat_messages WHERE id = ?', lastInsertRowid))!, true);
      await publishMessage(tx, ctx, message, 'MSG_CREATED');
      return { message, send_after: isStaff(user) ? 0 : now + SEND_DELAY_MS };
    }));
  },

  'chat.pause': async ({ pause }, ctx) => {
    const user = requireUser(ctx);
    requireStaff(user);
    await ctx.db.transaction(async (tx) => {
      await tx.run("INSERT INTO chat_settings (key, value) VALUES ('paused', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", pause ? '1' : '0');
      tx.afterCommit(() => ctx.hub.publish(Rooms.chat, 'CHAT_PAUSED', { paused: pause }));
    });
    return { success: true };
  },

  'chat.delete': async ({ hash }, ctx) => {
    const user = requireUser(ctx);
    requireStaff(user);
    await ctx.db.transaction(async (tx) => {
      const row = await requireMessage(tx, hash);
      await tx.run('UPDATE chat_messages SET deleted = 1 WHERE id = ?', row.id);
      tx.afterCommit(() => ctx.hub.publish(Rooms.chat, 'MSG_DELETED', { hash: toHash(row.id) }));
    });
    return { success: true };
  },

  'chat.hide': async ({ hash, hide }, ctx) => {
    const user = requireUser(ctx);
    requireStaff(user);
    await ctx.db.transaction(async (tx) => {
      const row = await requireMessage(tx, hash);
      if (row.user_id === user.id) fail(NumericError.ACCESS_DENIED, 'You cannot hide your own message');
      if ((row.hidden === 1) === hide) fail(NumericError.INVALID_DATA, hide ? 'The message is already hidden' : 'The message is not hidden');
      await tx.run('UPDATE chat_messages SET hidden = ? WHERE id = ?', hide ? 1 : 0, row.id);
      if (hide) tx.afterCommit(() => ctx.hub.publish(Rooms.chat, 'MSG_HIDDEN', { hash: toHash(row.id) }));
      else await publishMessage(tx, ctx, messageWire({ ...row, hidden: 0 }, false), 'MSG_UNHIDDEN');
    });
    return { success: true };
  },

  'chat.ban': async ({ user_hash, duration, ban }, ctx) => {
    const user = requireUser(ctx);
    requireStaff(user);
    const now = ctx.config.now();
    await ctx.db.transaction(async (tx) => {
      const id = parseHash(user_hash);
      const target = (id !== null && await tx.get<UserRow>('SELECT * FROM users WHERE id = ?', id)) || fail(NumericError.NOT_FOUND, 'Player not found');
      if (target.id === user.id) fail(NumericError.ACCESS_DENIED, 'You cannot ban yourself');
      if (target.scope >= user.scope) fail(NumericError.ACCESS_DENIED, 'You cannot ban staff of your rank or above');
      if (ban) {
        await tx.run(
          `INSERT INTO chat_bans (user_id, until_s, by_id, created_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (user_id) DO UPDATE SET until_s = excluded.until_s, by_id = excluded.by_id, created_at = excluded.created_at`,
          target.id, Math.floor(now / 1000) + duration!, user.id, now,
        );
      } else {
        await tx.run('DELETE FROM chat_bans WHERE user_id = ?', target.id);
      }
      const shown = await chatUser(tx, target, now);
      tx.afterCommit(() => ctx.hub.publish(Rooms.chat, 'CHAT_USER_BANNED', { user: shown }));
    });
    return { success: true };
  },
};
