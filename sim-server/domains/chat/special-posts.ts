/**
 * The chat's special messages (document 2 section 3 origins; docs/decisions/0050): what the
 * server posts when an event happens. Each is written in the transaction of the event it tells
 * (or, for a case's drop, once its spin has ended) and pushed to CHAT after the commit. Posted
 * by the player the event is about, or by the house account (system, chat_steal, a rain's
 * rewards), which the wire shows without an author. They carry no words a player typed, so the
 * send delay, the flood guard and the spam checks never count them.
 */
import { Rooms, type ChatMessage } from '../../../src/contract/index.ts';
import { ARENA_DROP_MIN } from '../../../src/core/chat.ts';
import { levelForExp } from '../../../src/core/levels.ts';
import { parseHash, toHash } from '../../../src/core/hash-id.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { Hub } from '../../socket/hub.ts';
import type { UserRow } from '../../kernel/users.ts';
import { chatUsers, messageWire, userIdsOf, type MessageRow } from './store.ts';

/** What posting needs: the hub and the event's time. */
export interface PostDeps {
  hub: Pick<Hub, 'publish'>;
  now: number;
}

type Origin = NonNullable<ChatMessage['origin']>;
type Details = ChatMessage['details'];

/**
 * The house's account, which posts what nobody in particular says. Its name carries two
 * underscores, which the player name rules refuse, as the bots' do: nobody can sign up as it.
 */
export const HOUSE_NAME = 'system__arena';

/** The house account's id, created on first use. */
export async function houseAccount(tx: Pick<Tx, 'get' | 'run'>, now: number): Promise<number> {
  const found = await tx.get<{ id: number }>('SELECT id FROM users WHERE name = ?', HOUSE_NAME);
  if (found) return found.id;
  return (await tx.run("INSERT INTO users (name, display_name, tags, created_at) VALUES (?, 'Arena', '[]', ?)", HOUSE_NAME, now)).lastInsertRowid;
}

/** Writes a special message and publishes it (with the users it names) once committed; answers it. */
export async function postSpecial(tx: Tx, deps: PostDeps, origin: Origin, userId: number | null, details: Details, text = ''): Promise<ChatMessage> {
  const author = userId ?? await houseAccount(tx, deps.now);
  const { lastInsertRowid } = await tx.run('INSERT INTO chat_messages (user_id, text, origin, details, created_at) VALUES (?, ?, ?, ?, ?)', author, text, origin, JSON.stringify(details), deps.now);
  const message = messageWire((await tx.get<MessageRow>('SELECT * FROM chat_messages WHERE id = ?', lastInsertRowid))!, false);
  const users = Object.values(await chatUsers(tx, userIdsOf(message), deps.now));
  tx.afterCommit(() => deps.hub.publish(Rooms.chat, 'MSG_CREATED', { message, users }));
  return message;
}

/** A player as a special message names them inline. */
export function namedPlayer(row: Pick<UserRow, 'id' | 'display_name' | 'exp'>, reward: number, decision?: 'split' | 'steal' | null) {
  return { hash: toHash(row.id), display_name: row.display_name, level: levelForExp(row.exp), reward, ...(decision === undefined ? {} : { decision }) };
}

/** A drop as arena_drop tells it. */
export interface DropTold {
  userId: number;
  item: { name: string; image: string; rarity: string; type: string; price: number };
  box: { image: string; name: string } | null;
  game: { type: 'battle' | 'unbox'; path: string | null; round?: number; rounds?: number };
}

/** Whether a drop is worth an arena_drop message (ARENA_DROP_MIN, src/core/chat.ts). */
export const isArenaDrop = (price: number) => price >= ARENA_DROP_MIN;

/** Posts an arena_drop message for a drop over the threshold; answers whether it did. */
export async function postArenaDrop(tx: Tx, deps: PostDeps, drop: DropTold): Promise<boolean> {
  if (!isArenaDrop(drop.item.price)) return false;
  await postSpecial(tx, deps, 'arena_drop', drop.userId, {
    drop_price: drop.item.price,
    item_rarity: drop.item.rarity,
    asset_name: drop.item.name,
    asset_image: drop.item.image,
    asset_type: drop.item.type,
    game_type: drop.game.type,
    ...(drop.game.path ? { game_path: drop.game.path } : {}),
    ...(drop.box ? { box_miniature: drop.box.image, name: drop.box.name } : {}),
    ...(drop.game.round === undefined ? {} : { game_round: drop.game.round, game_rounds: drop.game.rounds }),
  });
  return true;
}

/**
 * A case's drop is told once its spin has ended (the player sees it first in the roulette,
 * not in the chat), in a transaction of its own. A process that stops during the spin does not
 * tell it: the drop itself was already committed with the roll.
 */
export function postArenaDropAfter(db: Pick<Db, 'transaction'>, hub: PostDeps['hub'], now: () => number, delayMs: number, drop: DropTold): void {
  if (!isArenaDrop(drop.item.price)) return;
  const timer = setTimeout(async () => {
    try {
      await db.transaction((tx) => postArenaDrop(tx, { hub, now: now() }, drop));
    } catch {
      // The server is closing (its database with it): the message is lost, the drop is not.
    }
  }, delayMs);
  timer.unref();
}

/** Players a rain's rewards message names: the top rewards (document 2 shows three "and N other players"). */
const RAIN_NAMED = 3;

/** A rain paid out: a rakeback_rain message of type rewards from the house, with the pot, the count and the top rewards. */
export async function postRainRewards(tx: Tx, deps: PostDeps, rainId: number, pot: number, shares: ReadonlyMap<string, number>): Promise<void> {
  const top = [...shares].sort((a, b) => b[1] - a[1]).slice(0, RAIN_NAMED);
  const players: ReturnType<typeof namedPlayer>[] = [];
  for (const [hash, reward] of top) {
    const user = await tx.get<UserRow>('SELECT * FROM users WHERE id = ?', parseHash(hash));
    if (user) players.push(namedPlayer(user, reward));
  }
  await postSpecial(tx, deps, 'rakeback_rain', null, {
    type: 'rewards',
    game_hash: toHash(rainId),
    amount: pot,
    participants: shares.size,
    players,
  });
}
