/** radio.* methods (document 2 section 7). */
import { NumericError, Rooms } from '../../../src/contract/index.ts';
import { toHash } from '../../../src/core/hash-id.ts';
import { mapInOrder, type Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { requireUser, type CallContext, type Handlers } from '../../rpc/context.ts';
import { publicUser } from '../../kernel/users.ts';
import { likedAmong, soundByHash, soundOut, usersByIds, type SoundRow } from './sounds.ts';
import { announceQueue, playIn, queueOut, queuedPlays, slotOut } from './station.ts';
import { postSpecial } from '../chat/special-posts.ts';

/** What a request costs, in cents (radio.metadata's sound_price). */
export const RADIO_SOUND_PRICE = 250;

/** Page size of radio.list when the caller names none. */
const LIST_PAGE = 20;

async function knownSound(db: CallContext['db'] | Tx, id: string): Promise<SoundRow> {
  return await soundByHash(db, id) ?? fail(NumericError.INVALID_DATA, 'Sound not found');
}

/** Where each sound in play stands: 0 playing, 1 next, then the queue. */
async function inPlay(db: CallContext['db'] | Tx): Promise<Map<number, { order: number; userId: number | null; playId: number }>> {
  const places = new Map<number, { order: number; userId: number | null; playId: number }>();
  const playing = await playIn(db, 'playing');
  const next = await playIn(db, 'next');
  if (playing) places.set(playing.sound_id, { order: 0, userId: playing.user_id, playId: playing.id });
  if (next) places.set(next.sound_id, { order: 1, userId: next.user_id, playId: next.id });
  (await queuedPlays(db)).forEach((q, i) => places.set(q.sound_id, { order: (next ? 2 : 1) + i, userId: q.user_id, playId: q.id }));
  return places;
}

/** Escapes LIKE wildcards so a search for "100%" means the text. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function vote(ctx: CallContext, id: string, liked: boolean) {
  const user = requireUser(ctx);
  return ctx.db.transaction(async (tx) => {
    const sound = await knownSound(tx, id);
    const before = await tx.get<{ liked: number }>('SELECT liked FROM radio_votes WHERE sound_id = ? AND user_id = ?', sound.id, user.id);
    if (before && Boolean(before.liked) === liked) fail(NumericError.INVALID_DATA, liked ? 'You already liked this song' : 'You already disliked this song');
    await tx.run(
      'INSERT INTO radio_votes (sound_id, user_id, liked, voted_at) VALUES (?, ?, ?, ?) ON CONFLICT (sound_id, user_id) DO UPDATE SET liked = excluded.liked, voted_at = excluded.voted_at',
      sound.id, user.id, liked ? 1 : 0, ctx.config.now(),
    );
    const delta = liked ? 1 : before?.liked ? -1 : 0;
    const { likes } = (await tx.get<{ likes: number }>('UPDATE radio_sounds SET likes = likes + ? WHERE id = ? RETURNING likes', delta, sound.id))!;
    const hash = toHash(sound.id);
    if (delta !== 0) tx.afterCommit(() => ctx.hub.publish(Rooms.radio, '#RADIO_SOUND_LIKE_UPDATE', { id: hash, likes }));
    return { id: hash, likes, isLiked: liked };
  });
}

export const radioHandlers: Handlers = {
  'radio.current': async (_params, ctx) => {
    await ctx.radio.tick();
    const viewer = ctx.user?.id ?? null;
    const playing = await playIn(ctx.db, 'playing');
    const next = await playIn(ctx.db, 'next');
    const slots = [playing, next].filter((p) => p !== undefined);
    const liked = await likedAmong(ctx.db, viewer, slots.map((p) => p.sound_id));
    const { queue, users } = await queueOut(ctx.db, viewer);
    const slotUsers = await usersByIds(ctx.db, slots.map((p) => p.user_id));
    return {
      online: ctx.hub.memberCount(Rooms.radio),
      current: playing ? slotOut(playing) : null,
      next: next ? slotOut(next) : null,
      queue,
      sounds: await mapInOrder(slots, async (p) => soundOut(await knownSound(ctx.db, toHash(p.sound_id)), liked)),
      users: [...slotUsers, ...users.filter((u) => !slotUsers.some((s) => s.id === u.id))],
      time: ctx.config.now(),
      metadata: { sound_price: RADIO_SOUND_PRICE },
    };
  },
  'radio.list': async ({ offset, count = LIST_PAGE, name }, ctx) => {
    const skip = offset === undefined || offset === '' ? 0 : Number(offset);
    if (!Number.isSafeInteger(skip) || skip < 0) fail(NumericError.INPUT_ERROR, 'offset: expected the count of sounds already shown');
    const where = name ? "WHERE lower(name) LIKE lower(?) ESCAPE '\\' OR lower(author) LIKE lower(?) ESCAPE '\\' OR lower(album) LIKE lower(?) ESCAPE '\\'" : '';
    const args = name ? [likePattern(name), likePattern(name), likePattern(name)] : [];
    const total = (await ctx.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM radio_sounds ${where}`, ...args))!.n;
    const rows = await ctx.db.all<SoundRow>(`SELECT * FROM radio_sounds ${where} ORDER BY name COLLATE NOCASE, id LIMIT ? OFFSET ?`, ...args, count, skip);
    const liked = await likedAmong(ctx.db, ctx.user?.id ?? null, rows.map((r) => r.id));
    const places = await inPlay(ctx.db);
    const list = rows.map((r) => {
      const place = places.get(r.id);
      return soundOut(r, liked, place ? { userId: place.userId, order: place.order, playId: place.playId } : undefined);
    });
    const shown = skip + rows.length;
    return { list, total, offset: shown < total ? String(shown) : null };
  },
  'radio.request': async ({ id }, ctx) => {
    const user = requireUser(ctx);
    await ctx.radio.tick();
    return ctx.moneyTx(async (tx) => {
      const sound = await knownSound(tx, id);
      const place = (await inPlay(tx)).get(sound.id);
      if (place) fail(NumericError.INVALID_DATA, place.order === 0 ? 'This song is already playing' : 'This song is already in the queue');
      const now = ctx.config.now();
      const playId = (await tx.run("INSERT INTO radio_plays (sound_id, user_id, price, state, created_at) VALUES (?, ?, ?, 'queued', ?)", sound.id, user.id, RADIO_SOUND_PRICE, now)).lastInsertRowid;
      const paid = await ctx.ledger.transfer(tx, { from: { user: user.id }, to: { house: 'radio' }, amount: RADIO_SOUND_PRICE, type: 'radio_request', ref: toHash(playId) });
      const order = (await inPlay(tx)).get(sound.id)!.order;
      const out = soundOut(sound, await likedAmong(tx, user.id, [sound.id]), { userId: user.id, order, playId });
      const requester = publicUser(user);
      tx.afterCommit(() => ctx.hub.publish(Rooms.radio, '#RADIO_SOUND_REQUESTED', { sound: { ...out, isLiked: false }, user: requester }));
      announceQueue(tx, ctx);
      // The chat hears of it (a radio message, docs/decisions/0050).
      await postSpecial(tx, { hub: ctx.hub, now }, 'radio', user.id, { name: out.name, author: out.author, album: out.album, year: out.year, image: out.image });
      return { success: true, sound: out, balance: paid.debitBalance };
    });
  },
  'radio.like': ({ id }, ctx) => vote(ctx, id, true),
  'radio.dislike': ({ id }, ctx) => vote(ctx, id, false),
  'radio.metadata': async ({ id }, ctx) => {
    await knownSound(ctx.db, id);
    return { sound_price: RADIO_SOUND_PRICE };
  },
  'radio.sound': async ({ id }, ctx) => {
    const sound = await knownSound(ctx.db, id);
    const place = (await inPlay(ctx.db)).get(sound.id);
    return soundOut(sound, await likedAmong(ctx.db, ctx.user?.id ?? null, [sound.id]), place ? { userId: place.userId, order: place.order, playId: place.playId } : undefined);
  },
};
