import { method } from '../define.ts';
import { PublicUser } from '../entities.ts';
import { z } from '../wire.ts';

/**
 * A live stream (document 1 'Stream (live)': hash, user_hash, _user; document 3 'stream':
 * user_hash, hoster_user_hash, profile).
 */
export const LiveStream = z.lazy(() => z.object({
  hash: z.string(),
  /** The streamer. */
  user_hash: z.string(),
  /** Who hosts it on the arena (the streamer for every sim stream). */
  hoster_user_hash: z.string(),
  profile: z.object({
    /** The channel's name. */
    name: z.string(),
    avatar: z.nullable(z.string()),
    followers: z.number(),
    /** Where the stream is watched. */
    link: z.string(),
  }),
  title: z.string(),
  /** When it went live, in ms. */
  started_at: z.number(),
  _user: PublicUser,
}));
/** A live stream. */
export type LiveStream = z.output<typeof LiveStream>;

/** Answer of both stream calls. */
const streams = () => z.object({ streams: z.array(LiveStream), users: z.array(PublicUser) });

/** Streams list (document 1 section 7). */
export const streamMethods = {
  'stream.lobby': () => method({
    doc: 'The live streams, newest first, and their streamers.',
    access: 'public',
    input: z.object({}),
    output: streams(),
  }),
  'stream.test': () => method({
    doc: 'The spec lists it beside stream.lobby with the same empty payload and answer; served the same way.',
    access: 'public',
    input: z.object({}),
    output: streams(),
  }),
};
