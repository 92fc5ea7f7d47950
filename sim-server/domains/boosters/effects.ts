/**
 * What running boosters do (docs/decisions/0026), each called inside the transaction of the
 * thing it changes, so the booster's figures and the money or experience it gives commit or
 * roll back together: experience on a wager, a deposit's bonus, a lost battle's refund, a
 * rain's share, joining a rain. Money comes from the 'promotions' house through the ledger.
 */
import { BONUS_WAGER_MULTIPLE, boosterExtra, type BoosterKind } from '../../../src/core/boosters.ts';
import { levelForExp } from '../../../src/core/levels.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { BalanceChange, CountedWager, Ledger } from '../../db/ledger.ts';
import type { Hub } from '../../socket/hub.ts';
import type { CatalogView } from '../cases/catalog-store.ts';
import { boosterById, boosterOut, runningBooster, type BoosterRow } from './store.ts';

/** Where booster money comes from. */
export const BOOSTER_FUNDER = { house: 'promotions' } as const;

type Read = Pick<Db, 'get' | 'all'> | Pick<Tx, 'get' | 'all'>;
type ToUser = Pick<Hub, 'toUser'>;

/** Tells the player a booster changed, once committed (closed ones leave the client's state). */
export async function announceBooster(tx: Tx, hub: ToUser, id: number): Promise<void> {
  const row = (await boosterById(tx, id))!;
  const level = await levelOf(tx, row.user_id);
  const out = boosterOut(row, level);
  tx.afterCommit(() => hub.toUser(row.user_id, 'BOOSTER_MODIFIED', out));
}

export async function levelOf(db: Read, userId: number): Promise<number> {
  return levelForExp((await db.get<{ exp: number }>('SELECT exp FROM users WHERE id = ?', userId))?.exp ?? 0);
}

/**
 * Records what a booster gave: experience or cents, one use, and for counted boosters takes
 * `spent` off bonus_left, closing it when nothing is left.
 */
async function record(tx: Tx, hub: ToUser, b: BoosterRow, given: { exp?: number; amount?: number; spent?: number }, now: number): Promise<void> {
  const spent = b.bonus_max === null ? 0 : (given.spent ?? 0);
  await tx.run(
    `UPDATE boosters SET issued_exp = issued_exp + ?, issued_amount = issued_amount + ?, issued_count = issued_count + 1,
            bonus_left = CASE WHEN bonus_left IS NULL THEN NULL ELSE bonus_left - ? END,
            status = CASE WHEN bonus_left IS NOT NULL AND bonus_left - ? <= 0 THEN 'closed' ELSE status END,
            closed_at = CASE WHEN bonus_left IS NOT NULL AND bonus_left - ? <= 0 THEN ? ELSE closed_at END
      WHERE id = ?`,
    given.exp ?? 0, given.amount ?? 0, spent, spent, spent, now, b.id,
  );
  await announceBooster(tx, hub, b.id);
}

export interface EffectDeps {
  ledger: Ledger;
  hub: ToUser;
  now: number;
}

/**
 * What the effects need of progression: experience and level rewards. Progression's level
 * rewards give cards, and cards grant boosters, so boosters sit below progression and import
 * none of it: domains/ports.ts fills this from progression's functions at wiring time.
 */
export interface BoosterProgression {
  /** Experience a wagered cent earns. */
  expPerCent: number;
  /** Whether counting this wager found a running booster (undefined: it did not look). */
  boostedWager(wager: CountedWager): boolean | undefined;
  addBonusExperience(tx: Tx, deps: { hub: ToUser; now: number }, userId: number, amount: number, source: string, ref: string | null): Promise<void>;
  /** A level's reward with today's catalog: `box` is the case its card opens, if one fits. */
  levelRewardOf(catalog: CatalogView, level: number): { box: unknown };
  claimLevelReward(tx: Tx, deps: { catalog: CatalogView; hub: ToUser }, userId: number, level: number, now: number): Promise<{ value: number }>;
}

declare module '../../rpc/context.ts' {
  interface DomainRuntimes {
    /** Progression as the booster effects see it (boosters/effects.ts). */
    boosterProgression: BoosterProgression;
  }
}

/** XP Multiplier: a counted wager's experience times the multiplier (the extra as its own entry). Auto-Claim after it. */
export async function onCountedWager(tx: Tx, deps: EffectDeps & { catalog: () => Promise<CatalogView>; progression: BoosterProgression }, wager: CountedWager): Promise<void> {
  // Most players run no booster: counting the wager already looked (progression runs first), else one indexed look.
  const boosted = deps.progression.boostedWager(wager);
  if (boosted === false) return;
  if (boosted === undefined && !await tx.get("SELECT 1 FROM boosters WHERE user_id = ? AND status = 'active' LIMIT 1", wager.userId)) return;
  const xp = await runningBooster(tx, wager.userId, 'xp_multiplier', deps.now);
  if (xp) {
    const extra = boosterExtra(wager.amount * deps.progression.expPerCent, xp.multiplier_milli);
    if (extra > 0) {
      await deps.progression.addBonusExperience(tx, deps, wager.userId, extra, BOOSTER_XP, wager.hash);
      await record(tx, deps.hub, xp, { exp: extra }, deps.now);
    }
  }
  await autoClaim(tx, deps, wager.userId);
}

/** A completed deposit gets a running Deposit Bonus's extra. */
export async function onWalletEntry(tx: Tx, deps: EffectDeps, change: BalanceChange): Promise<void> {
  if (change.type !== 'wallet_deposit' || change.amount <= 0) return;
  if (!await tx.get("SELECT 1 FROM boosters WHERE user_id = ? AND status = 'active' LIMIT 1", change.userId)) return;
  await depositBonus(tx, deps, change);
}

const BOOSTER_XP = 'booster_xp';

/**
 * Auto-Claim: every level reward reached and not yet claimed is given now (its free case card
 * and keys, docs/decisions/0033); the booster records their value.
 */
async function autoClaim(tx: Tx, deps: EffectDeps & { catalog: () => Promise<CatalogView>; progression: BoosterProgression }, userId: number): Promise<void> {
  const booster = await runningBooster(tx, userId, 'auto_claim', deps.now);
  if (!booster) return;
  const level = await levelOf(tx, userId);
  const open = await tx.all<{ level: number }>(
    `WITH RECURSIVE l(level) AS (SELECT 2 UNION ALL SELECT level + 1 FROM l WHERE level < ?)
     SELECT level FROM l WHERE level NOT IN (SELECT level FROM reward_claims WHERE user_id = ?)`,
    level, userId,
  );
  if (level < 2 || open.length === 0) return;
  const rewards = { catalog: await deps.catalog(), hub: deps.hub };
  let given = 0;
  for (const { level: reached } of open) {
    // A reward no open case fits stays for a later claim rather than failing the wager it rides on.
    if (deps.progression.levelRewardOf(rewards.catalog, reached).box) given += (await deps.progression.claimLevelReward(tx, rewards, userId, reached, deps.now)).value;
  }
  await record(tx, deps.hub, booster, { amount: given }, deps.now);
}

/** Deposit Bonus: (multiplier - 1) of the deposit on top, until bonus_left (cents) runs out; play only until wagered BONUS_WAGER_MULTIPLE times. */
async function depositBonus(tx: Tx, deps: EffectDeps, change: BalanceChange): Promise<void> {
  const booster = await runningBooster(tx, change.userId, 'deposit_bonus', deps.now);
  if (!booster) return;
  const extra = Math.min(boosterExtra(change.amount, booster.multiplier_milli), booster.bonus_left ?? Number.MAX_SAFE_INTEGER);
  if (extra <= 0) return;
  // Locked until wagered through (docs/decisions/0034): the ledger keeps and checks the lock.
  await deps.ledger.payBonus(tx, { from: BOOSTER_FUNDER, userId: change.userId, amount: extra, type: 'booster_deposit_bonus', ref: booster.hash, wager: extra * BONUS_WAGER_MULTIPLE });
  await record(tx, deps.hub, booster, { amount: extra, spent: extra }, deps.now);
}

/**
 * Battle Refund: a human seat that won nothing gets back what it paid for the seat
 * (arena_join of this battle, net of refunds), capped at max_price; one use per loss.
 */
export async function refundBattleLoss(tx: Tx, deps: EffectDeps, userId: number, battleRef: string): Promise<void> {
  const booster = await runningBooster(tx, userId, 'battle_refund', deps.now);
  if (!booster) return;
  const paid =
    (await tx.get<{ s: number | null }>(
      `SELECT SUM(CASE WHEN l.type = 'arena_join' AND l.debit_account = a.id THEN l.amount WHEN l.type = 'arena_refund' AND l.credit_account = a.id THEN -l.amount ELSE 0 END) AS s
         FROM accounts a JOIN ledger l ON (l.debit_account = a.id OR l.credit_account = a.id)
        WHERE a.code = ? AND l.ref = ?`,
      `user:${userId}:main:SFC`, battleRef,
    ))?.s ?? 0;
  const refund = Math.min(paid, booster.max_price ?? paid);
  if (refund <= 0) return;
  await deps.ledger.transfer(tx, { from: BOOSTER_FUNDER, to: { user: userId }, amount: refund, type: 'booster_battle_refund', ref: battleRef });
  await record(tx, deps.hub, booster, { amount: refund, spent: 1 }, deps.now);
}

/**
 * Rain Boost: on top of the drawn share (which stays as drawn: the draw is provably fair),
 * (multiplier - 1) of it from the promotions budget, for a booster running when joining closed.
 */
export async function boostRainShare(tx: Tx, deps: EffectDeps, userId: number, share: number, rainRef: string, closedAt: number): Promise<void> {
  const booster = await runningBooster(tx, userId, 'rain_boost', closedAt);
  if (!booster) return;
  const extra = boosterExtra(share, booster.multiplier_milli);
  if (extra <= 0) return;
  await deps.ledger.transfer(tx, { from: BOOSTER_FUNDER, to: { user: userId }, amount: extra, type: 'booster_rain_boost', ref: rainRef });
  await record(tx, deps.hub, booster, { amount: extra }, deps.now);
}

/** Free Access: whether the player joins rains without their requirements now. */
export async function hasRunning(db: Read, userId: number, kind: BoosterKind, now: number): Promise<boolean> {
  return await runningBooster(db, userId, kind, now) !== undefined;
}

/** Auto-Join: the players whose Auto-Join runs now (the rain joins them as it opens). */
export async function autoJoiners(db: Read, now: number): Promise<number[]> {
  return (await db
    .all<{ user_id: number }>(
      "SELECT DISTINCT user_id FROM boosters WHERE kind = 'auto_join' AND status = 'active' AND (expires_at IS NULL OR expires_at > ?) ORDER BY user_id",
      now,
    ))
    .map((r) => r.user_id);
}

/** Counts one use of a player's running booster of a kind (Auto-Join joined a rain, Free Access let one in). */
export async function useBooster(tx: Tx, hub: ToUser, userId: number, kind: BoosterKind, now: number): Promise<void> {
  const booster = await runningBooster(tx, userId, kind, now);
  if (booster) await record(tx, hub, booster, { spent: 1 }, now);
}
