import { method } from '../define.ts';
import { PublicUser } from '../entities.ts';
import { hashId, paging, stamp, text, z } from '../wire.ts';

/** A sound of the radio by id. */
const sound = () => z.object({ id: hashId() });

/**
 * A sound of the library (document 2 section 3 'Radio'). `source` names how the track is
 * made: `synth:v1:{seed}` is composed and rendered by src/core/radio-synth.ts.
 */
export const RadioSound = z.lazy(() => z.object({
  id: z.string(),
  name: z.string(),
  author: z.string(),
  album: z.string(),
  year: z.number(),
  source: z.string(),
  /** Cover art URL. */
  image: z.string(),
  likes: z.number(),
  /** The asking player liked it (false for visitors and for a dislike). */
  isLiked: z.boolean(),
  /** Length in milliseconds (not in the spec; the client needs it for the progress bar). */
  duration: z.number(),
  /** Who requested it, on queue entries; null otherwise. */
  user_hash: z.nullable(z.string()),
  /** Position in the queue, 1 plays next; null outside the queue. */
  order: z.nullable(z.number()),
  /** The play's hash on queue entries (one request of this sound); null otherwise. */
  token: z.nullable(z.string()),
}));
/** A sound of the library. */
export type RadioSound = z.output<typeof RadioSound>;

/** What plays, on the server's clock (milliseconds): the sound's id and its time slot. */
export const RadioSlot = z.lazy(() => z.object({
  id: z.string(),
  start_time: z.number(),
  end_time: z.number(),
  /** The requester, null for the station's own rotation. */
  user_hash: z.nullable(z.string()),
}));
/** A time slot of the station. */
export type RadioSlot = z.output<typeof RadioSlot>;

/** The station now (document 2 section 3 'Radio'). */
export const RadioState = z.lazy(() => z.object({
  /** Listeners in the WAVE channel. */
  online: z.number(),
  current: z.nullable(RadioSlot),
  /** The song chosen to follow, known from 2 s before the change (the next-song hint). */
  next: z.nullable(RadioSlot),
  /** Requested sounds waiting, in play order. */
  queue: z.array(RadioSound),
  /** The sounds of current and next. */
  sounds: z.array(RadioSound),
  /** Requesters of current, next and the queue. */
  users: z.array(PublicUser),
  /** Server time in milliseconds: clients play from `time - start_time`. */
  time: z.number(),
  metadata: z.object({ sound_price: z.number() }),
}));

/** A sound's like count and the asker's vote. */
const likeAnswer = () => z.object({ id: z.string(), likes: z.number(), isLiked: z.boolean() });

/** The radio, Wave (document 2 section 7). */
export const radioMethods = {
  'radio.current': () => method({
    doc: 'The station now: online count, current and next slots, queue, their sounds and requesters, server time.',
    access: 'public',
    input: z.object({}),
    output: RadioState,
  }),
  'radio.list': () => method({
    doc: 'Pages of the library by name, optionally searched; `offset` is the count already shown (the sort is not by hash).',
    access: 'public',
    input: z.object({ ...paging(), name: z.optional(text(0, 100)) }),
    output: z.object({ list: z.array(RadioSound), total: z.number(), offset: z.nullable(z.string()) }),
  }),
  'radio.request': () => method({
    doc: 'Pays sound_price to queue a sound; refused for an unknown sound, one queued or playing, or without the coins.',
    access: 'user',
    money: true,
    input: z.object({ id: hashId(), stamp: stamp() }),
    output: z.object({ success: z.boolean(), sound: RadioSound, balance: z.number() }),
  }),
  'radio.like': () => method({ doc: 'Likes a sound, once per player.', access: 'user', input: sound(), output: likeAnswer() }),
  'radio.dislike': () => method({ doc: 'Dislikes a sound (takes back a like), once per player.', access: 'user', input: sound(), output: likeAnswer() }),
  'radio.metadata': () => method({
    doc: 'What requesting a sound costs, in cents.',
    access: 'public',
    input: sound(),
    output: z.object({ sound_price: z.number() }),
  }),
  'radio.sound': () => method({ doc: 'One sound of the library.', access: 'public', input: sound(), output: RadioSound }),
};
