/** user.seed: reading, changing and rotating the player's seed pair. */
import { requireUser, type Handlers } from '../../rpc/context.ts';
import { currentClientSeed, lastRevealedSeed, rotateSeeds, seedView } from './seeds.ts';

/** Fairness methods. */
export const fairnessHandlers: Handlers = {
  'user.seed': ({ client_seed, rotate, unhash }, ctx) => {
    const user = requireUser(ctx);
    const now = ctx.config.now();
    return ctx.db.transaction(async (tx) => {
      const changesClientSeed = client_seed !== undefined && client_seed !== await currentClientSeed(tx, user.id, now);
      if (rotate || changesClientSeed) {
        const revealed = await rotateSeeds(tx, user.id, now, client_seed);
        return { success: true, ...await seedView(tx, user.id, now), server_seed: revealed };
      }
      const revealed = unhash ? await lastRevealedSeed(tx, user.id) : undefined;
      return { success: true, ...await seedView(tx, user.id, now), ...(revealed === undefined ? {} : { server_seed: revealed }) };
    });
  },
};
