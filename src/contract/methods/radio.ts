import { method } from '../define.ts';
import { hashId, paging, stamp, text, z } from '../wire.ts';

/** A sound of the radio by id. */
const sound = () => z.object({ id: hashId() });

/** The radio, Wave (document 2 section 7). */
export const radioMethods = {
  'radio.current': method({
    doc: 'The station now: online count, current sound, queue and its users; answer not shown beyond the radio entity.',
    access: 'public',
    planned: true,
    input: z.object({}),
    output: z.unknown(),
  }),
  'radio.list': method({
    doc: 'Pages of the sounds that can be requested, optionally searched by name; answer not shown.',
    access: 'public',
    planned: true,
    input: z.object({ ...paging, name: z.optional(text(0, 100)) }),
    output: z.unknown(),
  }),
  'radio.request': method({
    doc: 'Pays sound_price to queue a sound; answer not shown.',
    access: 'user',
    planned: true,
    money: true,
    input: z.object({ id: hashId(), stamp: stamp() }),
    output: z.unknown(),
  }),
  'radio.like': method({ doc: 'Likes a sound; answer not shown.', access: 'user', input: sound(), output: z.unknown(), planned: true }),
  'radio.dislike': method({ doc: 'Takes back a like; answer not shown.', access: 'user', input: sound(), output: z.unknown(), planned: true }),
  'radio.metadata': method({
    doc: 'What requesting a sound costs, in cents.',
    access: 'public',
    planned: true,
    input: sound(),
    output: z.object({ sound_price: z.number() }),
  }),
  'radio.sound': method({ doc: 'One sound; answer not shown.', access: 'public', input: sound(), output: z.unknown(), planned: true }),
};
