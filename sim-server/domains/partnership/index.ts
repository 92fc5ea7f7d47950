/** Referral codes, the deposit bonus, partner earnings and races, and sponsor credit. */
import { everyOwned } from '../../cluster/timers.ts';
import type { Domain } from '../../rpc/context.ts';
import { badgeHandlers } from './badges.ts';
import { dashboardHandlers } from './dashboard-methods.ts';
import { dealHandlers } from './deal-methods.ts';
import { kickHandlers } from './kick.ts';
import { memberHandlers } from './members.ts';
import { partnershipHandlers } from './methods.ts';
import { registerPartnerSim } from './sim-routes.ts';
import { accrueEarnings } from './earnings.ts';
import { announceLevel } from './levels.ts';
import { raceHandlers } from './race-methods.ts';
import { countRaceWager, settleEndedRaces } from './races.ts';
import { settleDeals } from './deals.ts';
import { countWager } from './sponsor-credit.ts';
import { PARTNER_COUNTED_TYPES, countLedgerDay } from './partner-stats.ts';
import { partnerOf } from './referrals.ts';

/** How often ended partner races are looked for. */
const RACE_SETTLE_INTERVAL_MS = 5_000;

export const partnership: Domain = {
  handlers: { ...partnershipHandlers, ...raceHandlers, ...dashboardHandlers, ...memberHandlers, ...dealHandlers, ...badgeHandlers, ...kickHandlers },
  register: (app, services) => {
    const { db, ledger, config } = services;
    registerPartnerSim(app, services);
    // Races that ended while the server was down are paid at once, deals due stop or renew; the rest when their time comes.
    everyOwned(app, services.timers, 'partner race settlement', RACE_SETTLE_INTERVAL_MS, () => {
      settleEndedRaces(db, ledger, config.now());
      settleDeals(db, config.now());
    });
  },
  onLedgerEntry: (tx, change, { ledger, hub, config }) => {
    const now = config.now();
    countWager(tx, { ledger, hub, now }, change);
    if (!PARTNER_COUNTED_TYPES.has(change.type)) return;
    // The player's partner, looked up once for the three figures of a referral's entry.
    const partnerId = partnerOf(tx, change.userId);
    if (partnerId === null) return;
    const wagered = accrueEarnings(tx, change, partnerId);
    if (wagered) announceLevel(tx, hub, wagered);
    countRaceWager(tx, change, partnerId, now);
    countLedgerDay(tx, change, partnerId, now);
  },
};
