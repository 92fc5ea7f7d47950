/** user.seed: reading, changing and rotating the player's seed pair. */
import { requireUser, type Handlers } from '../../rpc/context.ts';
import { currentClientSeed, lastRevealedSeed, rotateSeeds, seedView } from './seeds.ts';

/** Fairness methods. */
export const fairnessHandlers: Handlers = {
  'user.seed': ({ client_seed, rotate, unhash }, ctx) => {
    const user = requireUser(ctx);
    const now = ctx.config.now();
    return ctx.db.transaction((tx) => {
      const changesClientSeed = client_seed !== undefined && client_seed !== currentClientSeed(tx, user.id, now);
      if (rotate || changesClientSeed) {
        const revealed = rotateSeeds(tx, user.id, now, client_seed);
        return { success: true, ...seedView(tx, user.id, now), server_seed: revealed };
      }
      const revealed = unhash ? lastRevealedSeed(tx, user.id) : undefined;
      return { success: true, ...seedView(tx, user.id, now), ...(revealed === undefined ? {} : { server_seed: revealed }) };
    });
  },
};
