/**
 * Chat rows and their wire shapes: messages, the users they name (with chat bans and
 * partners, for the visibility rules), the viewer, and the pause flag.
 */
import type { ChatMessage, ChatUser } from '../../../src/contract/index.ts';
import { HOUSE_ORIGINS, STAFF_SCOPE, type ChatViewer } from '../../../src/core/chat.ts';
import { parseHash, toHash } from '../../../src/core/hash-id.ts';
import type { Db } from '../../db/database.ts';
import { publicUser, type UserRow } from '../../kernel/users.ts';

/** A chat_messages row. */
export interface MessageRow {
  id: number;
  user_id: number;
  text: string;
  origin: ChatMessage['origin'];
  details: string;
  reply_id: number | null;
  hidden: number;
  deleted: number;
  created_at: number;
}

/** A tip's stored details. */
export interface TipDetails {
  amount: number;
  recipient_hash: string;
  recepient_name: string;
  anonymous: boolean;
  need_wager: boolean;
  kick: boolean;
}

type Read = Pick<Db, 'get' | 'all'>;

export const isStaff = (user: Pick<UserRow, 'scope'>) => user.scope >= STAFF_SCOPE;

/** A message by hash, unless deleted. */
export async function messageByHash(db: Read, hash: string): Promise<MessageRow | undefined> {
  const id = parseHash(hash);
  return id === null ? undefined : await db.get<MessageRow>('SELECT * FROM chat_messages WHERE id = ? AND deleted = 0', id);
}

/** The message as the wire carries it; `revealSender` names an anonymous tip's sender (to itself and staff). */
export function messageWire(row: MessageRow, revealSender: boolean): ChatMessage {
  const details = JSON.parse(row.details) as Partial<TipDetails> & { type?: string };
  // A tip (to a player or into the rain) may be anonymous; the house's messages have no author at all.
  const anonymous = (row.origin === 'tip' || row.origin === 'rakeback_rain') && details.anonymous === true;
  const house = (row.origin !== null && HOUSE_ORIGINS.has(row.origin)) || (row.origin === 'rakeback_rain' && details.type === 'rewards');
  return {
    hash: toHash(row.id),
    text: row.text,
    time: row.created_at,
    type: 'public',
    origin: row.origin,
    details,
    hidden: row.hidden === 1,
    reply_hash: row.reply_id === null ? null : toHash(row.reply_id),
    user_hash: anonymous || house ? null : toHash(row.user_id),
    ...(anonymous && revealSender ? { sender_hash: toHash(row.user_id) } : {}),
  };
}

/** Unix seconds a player's chat ban ends, 0 when none runs. */
export async function banUntil(db: Read, userId: number, nowMs: number): Promise<number> {
  const until = (await db.get<{ until_s: number }>('SELECT until_s FROM chat_bans WHERE user_id = ?', userId))?.until_s ?? 0;
  return until * 1000 > nowMs ? until : 0;
}

/** The player's partner (whose code they use), if any. */
export async function partnerOf(db: Read, userId: number): Promise<number | null> {
  return (await db.get<{ partner_id: number }>('SELECT partner_id FROM referrals WHERE user_id = ?', userId))?.partner_id ?? null;
}

/** A player as the chat shows them. */
export async function chatUser(db: Read, row: UserRow, nowMs: number): Promise<ChatUser> {
  const until = await banUntil(db, row.id, nowMs);
  const base = publicUser(row);
  const partner = await partnerOf(db, row.id);
  return {
    ...base,
    tags: until ? [...base.tags.filter((t) => t !== 'ban_chat'), 'ban_chat'] : base.tags,
    banned: until > 0,
    banned_until: until,
    partnership: { partner_hash: partner === null ? null : toHash(partner) },
  };
}

/** The users of these ids, by hash. */
export async function chatUsers(db: Read, ids: Iterable<number>, nowMs: number): Promise<Record<string, ChatUser>> {
  const out: Record<string, ChatUser> = {};
  for (const id of new Set(ids)) {
    const row = await db.get<UserRow>('SELECT * FROM users WHERE id = ?', id);
    if (row) out[toHash(id)] = await chatUser(db, row, nowMs);
  }
  return out;
}

/** The ids a message's users map needs: its author (unless an anonymous tip hides it) and a tip's recipient. */
export function userIdsOf(message: ChatMessage): number[] {
  return [message.user_hash, message.sender_hash, message.details.recipient_hash]
    .map((hash) => (hash ? parseHash(hash) : null))
    .filter((id): id is number => id !== null);
}

/** The rules' view of a signed-in player, or null for a visitor. */
export async function viewerOf(db: Read, user: UserRow | null): Promise<ChatViewer | null> {
  if (!user) return null;
  const partner = await partnerOf(db, user.id);
  return { hash: toHash(user.id), scope: user.scope, partnerHash: partner === null ? null : toHash(partner) };
}

/** Whether the chat is paused for ordinary players. */
export async function chatPaused(db: Read): Promise<boolean> {
  return (await db.get<{ value: string }>("SELECT value FROM chat_settings WHERE key = 'paused'"))?.value === '1';
}
