import { method } from '../define.ts';
import { z } from '../wire.ts';

/** Answer of both stream calls. */
const streams = () => z.object({ streams: z.array(z.unknown()), users: z.unknown() });

/** Streams list (document 1 section 7). */
export const streamMethods = {
  'stream.lobby': method({
    doc: 'The live streams and their streamers.',
    access: 'public',
    planned: true,
    input: z.object({}),
    output: streams(),
  }),
  'stream.test': method({
    doc: 'The spec lists it beside stream.lobby with the same empty payload and answer; served the same way.',
    access: 'public',
    planned: true,
    input: z.object({}),
    output: streams(),
  }),
};
