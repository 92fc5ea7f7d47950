/** Level rewards: each level reached pays once, from the house, through the ledger. */
import { NumericError } from '../../../src/contract/index.ts';
import { levelReward } from '../../../src/core/level-rewards.ts';
import { MAX_LEVEL, levelForExp } from '../../../src/core/levels.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { Ledger } from '../../db/ledger.ts';
import { fail } from '../../errors.ts';

/** The house account level rewards come from. */
export const REWARDS_HOUSE = { house: 'rewards' } as const;

/** Every level reward and where the player stands with it. */
export function levelRewardsOf(db: Pick<Db, 'get' | 'all'>, userId: number) {
  const exp = db.get<{ exp: number }>('SELECT exp FROM users WHERE id = ?', userId)?.exp ?? 0;
  const level = levelForExp(exp);
  const claimed = new Set(db.all<{ level: number }>('SELECT level FROM reward_claims WHERE user_id = ?', userId).map((r) => r.level));
  const rewards = [];
  for (let l = 2; l <= MAX_LEVEL; l++) rewards.push({ level: l, amount: levelReward(l), reached: l <= level, claimed: claimed.has(l) });
  return { level, exp, rewards };
}

/** Pays a level's reward once; refused (nothing moves) for a level not reached or already paid. */
export function claimLevelReward(tx: Tx, ledger: Ledger, userId: number, level: number, now: number) {
  const exp = tx.get<{ exp: number }>('SELECT exp FROM users WHERE id = ?', userId)?.exp ?? 0;
  if (levelForExp(exp) < level) fail(NumericError.INVALID_DATA, `Reach level ${level} to claim its reward`);
  const amount = levelReward(level);
  const claimed = tx.run('INSERT INTO reward_claims (user_id, level, amount, claimed_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', userId, level, amount, now);
  if (claimed.changes === 0) fail(NumericError.INVALID_DATA, 'This reward was already claimed');
  const { creditBalance } = ledger.transfer(tx, { from: REWARDS_HOUSE, to: { user: userId }, amount, type: 'reward', ref: `level:${level}` });
  return { success: true, amount, balance: creditBalance };
}
