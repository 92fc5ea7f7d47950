/** Experience, levels and ranks, the wager race, profiles and follows (docs/decisions/0014). */
import { everyOwned } from '../../cluster/timers.ts';
import type { Domain } from '../../rpc/context.ts';
import { achievementsOfWager } from './achievements.ts';
import { countWager } from './experience.ts';
import { progressionHandlers } from './methods.ts';
import { RACE_PERIODS, periodAt } from '../../../src/core/race-periods.ts';
import { addRacePoints, settleRaces } from './race.ts';

/** How often the clock is checked for a race period that has ended. */
const SETTLE_MS = 1_000;

export const progression: Domain = {
  handlers: progressionHandlers,
  async register(app, services) {
    const { db, ledger, config, raceBoards } = services;
    // Settling looks for unpaid periods only when one has ended since the last look (and on
    // start, so a period that ended while the server was stopped is paid now, once).
    let looked = '';
    const settle = async () => {
      const now = raceBoards.clock(config.now());
      const key = RACE_PERIODS.map((period) => periodAt(period, now).start).join();
      if (key === looked) return;
      await settleRaces({ db, ledger, hub: services.hub, now });
      looked = key;
    };
    await everyOwned(app, services.timers, 'race settlement', SETTLE_MS, settle);
    // In a cluster every process's boards follow every process's committed wagers (decision 0040);
    // after Redis was away the boards are rebuilt from the record, as the changes told meanwhile are lost.
    const broker = services.broker;
    if (broker) {
      raceBoards.share = (change) => broker.announce({ kind: 'race', ...change });
      broker.onControl((message) => {
        if (message.kind === 'race' && message.from !== broker.id) raceBoards.apply(message.userId, message.day, message.delta, message.at);
      });
      broker.onLink((up) => {
        if (up) raceBoards.forget();
      });
    }
    // The live boards are built from the record now rather than on the first reader's request.
    for (const period of RACE_PERIODS) await raceBoards.current(period, config.now());
  },
  async onWager(tx, wager, { hub, config, raceBoards }) {
    if (!config.countProgression) return;
    const now = config.now();
    const counted = await countWager(tx, { hub, now, raceNow: raceBoards.clock(now) }, wager);
    await achievementsOfWager(tx, hub, wager.userId, wager.amount, wager.type, counted.after, now);
    await addRacePoints(tx, raceBoards, wager.userId, wager.amount, now, counted.raceDay);
  },
};
