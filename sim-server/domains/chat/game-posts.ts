/**
 * Messages games post to the chat on a player's behalf (document 2 origins such as
 * game_chicken). Written in the transaction of the result they announce and pushed after it
 * commits; they carry no text, so the player's send delay and spam checks never count them.
 */
import type { ChatMessage } from '../../../src/contract/index.ts';
import type { Tx } from '../../db/database.ts';
import type { CallContext } from '../../rpc/context.ts';
import { publishMessage } from './messages.ts';
import { messageWire, type MessageRow } from './store.ts';

/** Posts a game's message as `userId` and publishes it to the chat room. */
export async function postGameMessage(tx: Tx, ctx: CallContext, userId: number, origin: NonNullable<ChatMessage['origin']>, details: ChatMessage['details']): Promise<void> {
  const { lastInsertRowid } = await tx.run("INSERT INTO chat_messages (user_id, text, origin, details, created_at) VALUES (?, '', ?, ?, ?)", userId, origin, JSON.stringify(details), ctx.config.now());
  await publishMessage(tx, ctx, messageWire((await tx.get<MessageRow>('SELECT * FROM chat_messages WHERE id = ?', lastInsertRowid))!, false), 'MSG_CREATED');
}
