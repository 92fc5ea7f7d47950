/** Referral codes, the deposit bonus, partner earnings and races, and sponsor credit. */
import type { Domain } from '../../rpc/context.ts';
import { dashboardHandlers } from './dashboard-methods.ts';
import { memberHandlers } from './members.ts';
import { partnershipHandlers } from './methods.ts';
import { registerPartnerSim } from './sim-routes.ts';
import { accrueEarnings } from './earnings.ts';
import { raceHandlers } from './race-methods.ts';
import { countRaceWager, settleEndedRaces } from './races.ts';
import { countWager } from './sponsor-credit.ts';
import { countLedgerDay } from './partner-stats.ts';

/** How often ended partner races are looked for. */
const RACE_SETTLE_INTERVAL_MS = 5_000;

export const partnership: Domain = {
  handlers: { ...partnershipHandlers, ...raceHandlers, ...dashboardHandlers, ...memberHandlers },
  register: (app, services) => {
    const { db, ledger, config } = services;
    registerPartnerSim(app, services);
    // Races that ended while the server was down are paid now; the rest when their end comes.
    const settle = () => settleEndedRaces(db, ledger, config.now());
    settle();
    const timer = setInterval(settle, RACE_SETTLE_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  onLedgerEntry: (tx, change, { ledger, hub, config }) => {
    const now = config.now();
    countWager(tx, { ledger, hub, now }, change);
    accrueEarnings(tx, change);
    countRaceWager(tx, change, now);
    countLedgerDay(tx, change, now);
  },
};
