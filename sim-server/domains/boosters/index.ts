/**
 * Boosters (document 1 sections 3, 4, 7; docs/decisions/0026): booster.* calls, the effects
 * that ride on wallet entries (experience, deposit bonus, auto-claim), the sweep that closes
 * boosters whose time is up, and the sim console's grant (operators and tests; cards and the
 * Battle Pass grant through grant.ts).
 */
import { AppError } from '../../errors.ts';
import { NumericError } from '../../../src/contract/index.ts';
import { BOOSTER_DEFAULTS, isBoosterKind, type BoosterParams } from '../../../src/core/boosters.ts';
import { parseHash } from '../../../src/core/hash-id.ts';
import { operatorRoute } from '../../auth/sim-operator.ts';
import { everyOwned } from '../../cluster/timers.ts';
import type { Domain } from '../../rpc/context.ts';
import { closeExpired } from './activate.ts';
import { onCountedWager, onWalletEntry } from './effects.ts';
import { grantBooster } from './grant.ts';
import { boosterHandlers } from './methods.ts';

/** How often expired boosters are closed. The effects never count an expired one, whatever the sweep. */
const SWEEP_MS = 1_000;

const PARAM_KEYS = Object.keys(BOOSTER_DEFAULTS.xp_multiplier) as (keyof BoosterParams)[];

export const boosters: Domain = {
  handlers: boosterHandlers,
  async register(app, services) {
    const { db, hub, config } = services;
    await everyOwned(app, services.timers, 'booster sweep', SWEEP_MS, async () => {
      const now = config.now();
      if (await db.get("SELECT 1 FROM boosters WHERE status = 'active' AND expires_at <= ? LIMIT 1", now)) await db.transaction((tx) => closeExpired(tx, hub, now));
    });
    if (!config.simMode) return;
    const operator = operatorRoute(config);
    // Body: { user: hash, kind, params?: Partial<BoosterParams> }.
    app.post('/api/sim/boosters/grant', operator, async (request, _reply) => {
      try {
        const body = (request.body ?? {}) as { user?: unknown; kind?: unknown; params?: Record<string, unknown> };
        const userId = parseHash(body.user);
        if (userId === null || !await db.get('SELECT 1 FROM users WHERE id = ?', userId)) throw new AppError(NumericError.INPUT_ERROR, 'user: expected a player hash');
        if (!isBoosterKind(body.kind)) throw new AppError(NumericError.INPUT_ERROR, 'kind: expected a booster kind');
        const kind = body.kind;
        const params: Partial<BoosterParams> = {};
        for (const key of PARAM_KEYS) {
          const value = body.params?.[key];
          if (value === undefined) continue;
          if (value !== null && (!Number.isSafeInteger(value) || (value as number) < 0)) throw new AppError(NumericError.INPUT_ERROR, `params.${key}: expected a whole number or null`);
          (params as Record<string, number | null>)[key] = value as number | null;
        }
        const granted = await db.transaction((tx) => grantBooster(tx, userId, kind, { source: 'operator', now: config.now(), params, hub }));
        return { response: { hash: granted.hash } };
      } catch (error) {
        if (error instanceof AppError) return { error: { error_code: error.code, error_msg: error.message } };
        throw error;
      }
    });
  },
  async onLedgerEntry(tx, change, { ledger, hub, config }) {
    await onWalletEntry(tx, { ledger, hub, now: config.now() }, change);
  },
  async onWager(tx, wager, { ledger, hub, config, catalog, boosterProgression }) {
    if (config.countProgression) await onCountedWager(tx, { ledger, hub, now: config.now(), catalog: () => catalog.view(), progression: boosterProgression }, wager);
  },
};
