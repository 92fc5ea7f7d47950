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
import { accrueDepositEarning, countReferralWager } from './earnings.ts';
import { announceLevel } from './levels.ts';
import { raceHandlers } from './race-methods.ts';
import { countRaceWager, settleEndedRaces } from './races.ts';
import { settleDeals } from './deals.ts';
import { countWager } from './sponsor-credit.ts';
import { countDepositDay, countWagerDay, isReferralDeposit } from './partner-stats.ts';
import { partnerOf } from './referrals.ts';

/** How often ended partner races are looked for. */
const RACE_SETTLE_INTERVAL_MS = 5_000;

export const partnership: Domain = {
  handlers: { ...partnershipHandlers, ...raceHandlers, ...dashboardHandlers, ...memberHandlers, ...dealHandlers, ...badgeHandlers, ...kickHandlers },
  register: async (app, services, dispatch) => {
    const { db, ledger, config } = services;
    registerPartnerSim(app, services, dispatch);
    // Races that ended while the server was down are paid at once, deals due stop or renew; the rest when their time comes.
    await everyOwned(app, services.timers, 'partner race settlement', RACE_SETTLE_INTERVAL_MS, async () => {
      await settleEndedRaces(db, ledger, config.now());
      await settleDeals(db, config.now());
    });
  },
  onLedgerEntry: async (tx, change, { config }) => {
    if (!isReferralDeposit(change)) return;
    const partnerId = await partnerOf(tx, change.userId);
    if (partnerId === null) return;
    // Document 3: a partner earns a share of their referrals' deposits (docs/decisions/0011).
    await countDepositDay(tx, change, partnerId, config.now(), await accrueDepositEarning(tx, change, partnerId));
  },
  onWager: async (tx, wager, { ledger, hub, config }) => {
    const now = config.now();
    await countWager(tx, { ledger, hub, now }, wager);
    // The player's partner, looked up once for the three figures of a referral's wager.
    const partnerId = await partnerOf(tx, wager.userId);
    if (partnerId === null) return;
    const wagered = await countReferralWager(tx, wager, partnerId);
    announceLevel(tx, hub, wagered);
    await countRaceWager(tx, wager, partnerId, now);
    await countWagerDay(tx, wager, partnerId, now);
  },
};
