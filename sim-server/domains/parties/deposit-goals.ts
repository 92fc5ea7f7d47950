/**
 * Deposit-bonus goals (docs/decisions/0036): a participant's deposit counts for every open
 * party they take part in; when a party's count reaches a goal, every participant at that
 * moment gets a Deposit Bonus booster of the goal's level. Runs inside the deposit's own
 * transaction (the ledger hook), so the count and the boosters commit with the money. A goal
 * pays once: the conditional update of goals_paid lets one transaction through, and each
 * booster's (source, ref) is unique.
 */
import { PARTY_DEPOSIT_GOALS, depositGoalMultiplierMilli, depositGoalsReached, toHash } from '../../../src/core/index.ts';
import type { HistoryType } from '../../../src/contract/index.ts';
import type { Tx } from '../../db/database.ts';
import type { BalanceChange } from '../../db/ledger.ts';
import type { Services } from '../../rpc/context.ts';
import { grantBooster } from '../boosters/grant.ts';
import { announce, type PartyRow } from './store.ts';

/** Money coming in from outside: a deposit, or a redeemed gift card. */
const DEPOSITS = new Set<HistoryType>(['wallet_deposit', 'gift_code']);

/** The booster source of goal rewards; the ref is `{party}:{goal}:{user}`. */
export const GOAL_BOOSTER_SOURCE = 'party_goal';

/** Ledger hook: counts a participant's deposit towards their open parties' goals and pays the goals it reaches. */
export async function countPartyDeposit(tx: Tx, change: BalanceChange, s: Pick<Services, 'hub' | 'config'>): Promise<void> {
  if (!DEPOSITS.has(change.type) || change.amount <= 0) return;
  const parties = await tx.all<{ party_id: number }>(
    "SELECT m.party_id FROM stream_party_members m JOIN stream_parties p ON p.id = m.party_id WHERE m.user_id = ? AND p.status <> 'closed' ORDER BY m.party_id",
    change.userId,
  );
  for (const { party_id: partyId } of parties) {
    await tx.run('UPDATE stream_parties SET deposited = deposited + ? WHERE id = ?', change.amount, partyId);
    const party = (await tx.get<PartyRow>('SELECT * FROM stream_parties WHERE id = ?', partyId))!;
    const reached = depositGoalsReached(party.deposited);
    if (reached > party.goals_paid) {
      const moved = await tx.run('UPDATE stream_parties SET goals_paid = ? WHERE id = ? AND goals_paid = ?', reached, partyId, party.goals_paid);
      if (moved.changes > 0) await payGoals(tx, s, party, party.goals_paid, reached);
    }
    await announce(tx, s, partyId);
  }
}

/** Gives every participant a Deposit Bonus booster for each goal after `from` up to `to`. */
async function payGoals(tx: Tx, s: Pick<Services, 'hub' | 'config'>, party: PartyRow, from: number, to: number): Promise<void> {
  const members = await tx.all<{ user_id: number }>('SELECT user_id FROM stream_party_members WHERE party_id = ? ORDER BY id', party.id);
  const now = s.config.now();
  for (const goal of PARTY_DEPOSIT_GOALS.slice(from, to)) {
    for (const { user_id: userId } of members) {
      await grantBooster(tx, userId, 'deposit_bonus', {
        source: GOAL_BOOSTER_SOURCE,
        ref: `${toHash(party.id)}:${goal.number}:${toHash(userId)}`,
        now,
        params: { bonus_max: goal.bonus_max, multiplier_milli: depositGoalMultiplierMilli(goal) },
        hub: s.hub,
      });
    }
  }
}
