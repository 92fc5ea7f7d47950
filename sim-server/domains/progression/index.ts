/** Experience, levels and ranks, the wager race, profiles and follows (docs/decisions/0011). */
import type { Domain } from '../../rpc/context.ts';
import { EXP_PER_CENT, addExperience, wagerOf } from './experience.ts';
import { progressionHandlers } from './methods.ts';
import { addRacePoints, settleRaces } from './race.ts';
import { countPlay } from './stats.ts';

/** How often ended race periods are looked for. */
const SETTLE_MS = 1_000;

export const progression: Domain = {
  handlers: progressionHandlers,
  register(app, services) {
    const settle = () => settleRaces({ db: services.db, ledger: services.ledger, hub: services.hub, now: services.config.now() });
    // A period that ended while the server was stopped is paid now, once.
    settle();
    const ticker = setInterval(() => {
      try {
        settle();
      } catch (error) {
        app.log.error({ err: error }, 'race settlement failed');
      }
    }, SETTLE_MS);
    ticker.unref();
    app.addHook('onClose', async () => clearInterval(ticker));
  },
  onLedgerEntry(tx, change, { hub, config }) {
    const wager = wagerOf(change);
    if (wager === 0) return;
    const now = config.now();
    addExperience(tx, { hub, now }, change.userId, wager * EXP_PER_CENT, change.type, change.hash);
    addRacePoints(tx, change.userId, wager, now);
    countPlay(tx, change.userId, wager);
  },
};
