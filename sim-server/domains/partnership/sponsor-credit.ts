/**
 * Sponsor credit (document 3 partnership-plus 'credit', document 1 partnership.challenge): a
 * sponsor offers a club member coins; claimed, they land in the wallet as sponsored coins
 * (the ledger's accounts.sponsored) and a wager challenge starts. Once the member has wagered
 * the goal, the coins become theirs to withdraw; until then they may give them back.
 */
import { NamedError, NumericError, type SponsorChallenge, type z } from '../../../src/contract/index.ts';
import { formatCoins } from '../../../src/core/index.ts';
import { lockedIn, type Db, type Tx } from '../../db/database.ts';
import type { CountedWager, Ledger } from '../../db/ledger.ts';
import { fail } from '../../errors.ts';
import type { Hub } from '../../socket/hub.ts';
import { hasTag, setTag, type UserRow } from '../../kernel/users.ts';
import { sponsorSchedule } from './deal-terms.ts';

type Challenge = z.output<typeof SponsorChallenge>;

interface CreditRow {
  user_id: number;
  offer: number;
  wager_goal: number;
  claimed: number;
  goal: number;
  wagered: number;
  claimed_at: number | null;
  ended_at: number | null;
  result: Challenge['result'] | null;
}

/** What the credit calls need of the server. */
export interface CreditDeps {
  ledger: Ledger;
  hub: Pick<Hub, 'toUser'>;
  now: number;
}

// In a transaction, locked until it commits: a partner's cancelled deal and the player's wager
// that completes the challenge (two transactions, on PostgreSQL at once) must not both end it.
function creditRow(db: Pick<Db, 'get'>, userId: number): Promise<CreditRow | undefined> {
  return db.get<CreditRow>(`SELECT * FROM sponsor_credits WHERE user_id = ?${lockedIn(db)}`, userId);
}

function toChallenge(row: CreditRow): Challenge {
  const progress = Math.min(1, row.wagered / row.goal);
  const completed = row.result === 'completed';
  return {
    completed,
    fraction: completed ? 1 : progress,
    result: row.result ?? 'running',
    conditions: {
      wagers: { value: row.wagered, goal: row.goal, progress: completed ? 1 : progress, completed, title: `Wager ${formatCoins(row.goal)} coins` },
    },
  };
}

/** The player's latest sponsor challenge, or null when they never claimed a credit. */
export async function challengeOf(db: Pick<Db, 'get'>, userId: number): Promise<Challenge | null> {
  const row = await creditRow(db, userId);
  return row?.claimed_at == null ? null : toChallenge(row);
}

/** partnership-plus.dashboard's credit: what is on offer, the sponsored share, the challenge (the caller checks who may see it). */
export async function creditDashboard(db: Pick<Db, 'get'>, ledger: Ledger, user: UserRow) {
  const row = await creditRow(db, user.id);
  return {
    credit: {
      balance: row?.offer ?? 0,
      borrow: (await ledger.split(db, user.id)).borrow,
      // A renewing deal (docs/decisions/0028) offers its credit at the partner's time of day.
      sponsor: await sponsorSchedule(db, user.id),
      challenge: await challengeOf(db, user.id),
    },
  };
}

/**
 * A sponsor offers a player `offer` cents against a wager goal (a confirmed deal, or the sim
 * console); the player becomes a club member.
 */
export async function offerCredit(tx: Tx, userId: number, terms: { offer: number; wagerGoal: number }): Promise<void> {
  await setTag(tx, userId, 'club_member', true);
  await tx.run(
    `INSERT INTO sponsor_credits (user_id, offer, wager_goal) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET offer = excluded.offer, wager_goal = excluded.wager_goal`,
    userId, terms.offer, terms.wagerGoal,
  );
}

function announce(tx: Tx, deps: CreditDeps, userId: number, reason: 'sponsor_credit' | 'challenge_completed'): void {
  tx.afterCommit(() => deps.hub.toUser(userId, '#USER_DATA_CHANGED', { reason }));
}

/** partnership-plus.claim-credit: the offer into the wallet as sponsored coins; the challenge starts. */
export async function claimCredit(tx: Tx, deps: CreditDeps, user: UserRow) {
  if (!hasTag(user, 'club_member')) fail(NamedError.DASHBOARD_ACCESS_DENIED, 'Sponsor credit is for club members');
  const row = await creditRow(tx, user.id);
  if (row?.result === 'running') fail(NumericError.INVALID_DATA, 'Complete the current challenge or give the credit back first');
  if (!row || row.offer === 0) fail(NumericError.INVALID_DATA, 'No sponsor credit to claim');
  await deps.ledger.lend(tx, user.id, row.offer, `credit:${user.id}`);
  const claimed = (await tx.get<CreditRow>(
    `UPDATE sponsor_credits SET claimed = offer, goal = wager_goal, offer = 0, wagered = 0, claimed_at = ?, ended_at = NULL, result = 'running'
      WHERE user_id = ? RETURNING *`,
    deps.now, user.id,
  ))!;
  await setTag(tx, user.id, 'sponsored', true);
  announce(tx, deps, user.id, 'sponsor_credit');
  const { balance, borrow } = await deps.ledger.split(tx, user.id);
  return { success: true as const, balance, borrow, challenge: toChallenge(claimed) };
}

/** partnership-plus.remove-credit: the sponsored coins still held go back; the challenge ends. */
export async function removeCredit(tx: Tx, deps: CreditDeps, user: UserRow) {
  if ((await creditRow(tx, user.id))?.result !== 'running') fail(NumericError.INVALID_DATA, 'No sponsor credit to give back');
  const returned = await deps.ledger.recall(tx, user.id, `credit:${user.id}`);
  await end(tx, deps, user.id, 'removed');
  announce(tx, deps, user.id, 'sponsor_credit');
  return { success: true as const, balance: await deps.ledger.balance(tx, { user: user.id }), returned };
}

/** Ends a running challenge and gives back the sponsored coins still held (a cancelled deal); answers how many, 0 when none runs. */
export async function giveBackCredit(tx: Tx, deps: CreditDeps, userId: number): Promise<number> {
  if ((await creditRow(tx, userId))?.result !== 'running') return 0;
  const returned = await deps.ledger.recall(tx, userId, `credit:${userId}`);
  await end(tx, deps, userId, 'removed');
  announce(tx, deps, userId, 'sponsor_credit');
  return returned;
}

async function end(tx: Tx, deps: CreditDeps, userId: number, result: 'completed' | 'removed'): Promise<void> {
  await tx.run('UPDATE sponsor_credits SET result = ?, ended_at = ? WHERE user_id = ?', result, deps.now, userId);
  await setTag(tx, userId, 'sponsored', false);
}

/**
 * The wager hook: a counted wager moves a running challenge, and the wager that reaches the
 * goal releases the sponsored coins in the same transaction. A battle seat counts only once
 * the battle filled (docs/decisions/0049): a seat that is left never moves the challenge.
 */
export async function countWager(tx: Tx, deps: CreditDeps, wager: CountedWager): Promise<void> {
  const row = await tx.get<Pick<CreditRow, 'wagered' | 'goal'>>(
    "UPDATE sponsor_credits SET wagered = wagered + ? WHERE user_id = ? AND result = 'running' RETURNING wagered, goal",
    wager.amount, wager.userId,
  );
  if (!row || row.wagered < row.goal) return;
  await deps.ledger.release(tx, wager.userId);
  await end(tx, deps, wager.userId, 'completed');
  announce(tx, deps, wager.userId, 'challenge_completed');
}
