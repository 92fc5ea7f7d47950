import { method } from '../define.ts';
import { BeaconBlock, Seed } from '../entities.ts';
import { built, clientSeed, flag, int, z } from '../wire.ts';

/** Provably fair seeds (document 3 section 7; the verify modal computes on the client). */
export const fairnessMethods = {
  'user.seed': () => method({
    doc: "The player's seed pair. client_seed (a new one) or rotate=1 retire the pair: its server_seed is revealed, the next one becomes current, a new next is drawn, nonce 0. unhash answers the last revealed server_seed.",
    access: 'user',
    input: z.object({ client_seed: z.optional(clientSeed()), unhash: z.optional(flag()), rotate: z.optional(flag()) }),
    output: z.extend(built(Seed), {
      success: z.boolean(),
      /** The revealed server seed of the pair just retired (rotate, a new client seed) or last retired (unhash). */
      server_seed: z.optional(z.string()),
    }),
  }),
  'beacon.blocks': () => method({
    doc: "The sim's public randomness beacon (docs/design.md section 6): the newest blocks, or those before a block number, newest first. Not in the spec: battles take their beacon from it.",
    access: 'public',
    input: z.object({
      count: z.optional(int().check(z.gte(1), z.lte(100))),
      before: z.optional(int().check(z.gte(1))),
    }),
    output: z.object({ blocks: z.array(BeaconBlock), next_at: z.number() }),
  }),
};
