/** Cards and packs: Battle Pass rewards and what using them does (docs/decisions/0025). */
import { NumericError } from '../../../src/contract/index.ts';
import { BP_TIERS, bpReward } from '../../../src/core/battlepass.ts';
import { parseHash, toHash } from '../../../src/core/hash-id.ts';
import { operatorRoute } from '../../auth/sim-operator.ts';
import { AppError } from '../../errors.ts';
import type { Domain } from '../../rpc/context.ts';
import { grantCard } from './cards.ts';
import { cardHandlers } from './methods.ts';

export const cards: Domain = {
  handlers: cardHandlers,
  register(app, services) {
    if (!services.config.simMode) return;
    // The sim console hands a player a Battle Pass tier's card (the browser tests' shortcut to
    // a late tier). Body: { user: hash, tier: 1..30, track: free | premium, level?: card level }.
    app.post('/api/sim/cards/grant', operatorRoute(services.config), async (request, _reply) => {
      try {
        const body = (request.body ?? {}) as { user?: unknown; tier?: unknown; track?: unknown; level?: unknown };
        const userId = parseHash(body.user);
        if (userId === null || !await services.db.get('SELECT 1 FROM users WHERE id = ?', userId)) throw new AppError(NumericError.INPUT_ERROR, 'user: expected a player hash');
        const tier = body.tier;
        if (typeof tier !== 'number' || !Number.isSafeInteger(tier) || tier < 1 || tier > BP_TIERS) throw new AppError(NumericError.INPUT_ERROR, `tier: expected 1 to ${BP_TIERS}`);
        const track = body.track;
        if (track !== 'free' && track !== 'premium') throw new AppError(NumericError.INPUT_ERROR, 'track: expected free or premium');
        const level = body.level;
        if (level !== undefined && (typeof level !== 'number' || !Number.isSafeInteger(level) || level < 1)) throw new AppError(NumericError.INPUT_ERROR, 'level: expected a whole number from 1');
        const reward = { ...bpReward(tier, track), ...(level === undefined ? {} : { level }) };
        const id = await services.db.transaction(async (tx) => grantCard(tx, await services.catalog.view(), userId, reward, 'operator', services.config.now()));
        return { response: { hash: toHash(id), type: reward.kind } };
      } catch (error) {
        if (error instanceof AppError) return { error: { error_code: error.code, error_msg: error.message } };
        throw error;
      }
    });
  },
};
