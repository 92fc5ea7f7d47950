import { method } from '../define.ts';
import { Seed } from '../entities.ts';
import { clientSeed, flag, z } from '../wire.ts';

/** Provably fair seeds (document 3 section 7; the verify modal computes on the client). */
export const fairnessMethods = {
  'user.seed': method({
    doc: "Reads the player's seed pair, sets client_seed, or with rotate=1 reveals the old server_seed and starts a new pair at nonce 0.",
    access: 'user',
    input: z.object({ client_seed: z.optional(clientSeed()), unhash: z.optional(flag()), rotate: z.optional(flag()) }),
    output: z.extend(Seed, {
      success: z.boolean(),
      /** The revealed server seed of the pair just rotated out (rotate or unhash). */
      server_seed: z.optional(z.string()),
    }),
  }),
};
