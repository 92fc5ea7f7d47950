/**
 * The Battle Pass on the server clock (docs/decisions/0025): the season is the one the clock
 * is in, the tiers come from the season experience the progression domain counts, the pass
 * is bought through the ledger and each tier's reward on each track is claimed once.
 */
import { NumericError } from '../../../src/contract/index.ts';
import {
  BP_PRICES, BP_TIERS, bpReward, bpScheme, bpSeasonAt, bpSeasonBounds, bpSeasonLabel, bpTierOf, type BpPurchase, type BpTrack,
} from '../../../src/core/battlepass.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { Ledger } from '../../db/ledger.ts';
import type { Hub } from '../../socket/hub.ts';
import { fail } from '../../errors.ts';
import type { CatalogView } from '../cases/catalog-store.ts';
import { cardById, cardOut, grantCard } from '../cards/cards.ts';

/** The house account the pass is paid to and coin cards are paid from. */
export const BATTLEPASS_HOUSE = { house: 'battlepass' } as const;

interface PassRow {
  has_buy: number;
  has_upgrade: number;
  last_experience: number;
}

/** The player's season experience in the season the clock is in (0 when their last wager was in another). */
export async function seasonExpOf(db: Pick<Db, 'get'>, userId: number, season: number): Promise<number> {
  const row = await db.get<{ season: number; season_exp: number }>('SELECT season, season_exp FROM users WHERE id = ?', userId);
  return row && row.season === season ? row.season_exp : 0;
}

async function passOf(db: Pick<Db, 'get'>, userId: number, season: number): Promise<PassRow> {
  return await db.get<PassRow>('SELECT has_buy, has_upgrade, last_experience FROM bp_passes WHERE user_id = ? AND season = ?', userId, season) ?? { has_buy: 0, has_upgrade: 0, last_experience: 0 };
}

/** battlepass.getData: the season, the scheme and (signed in) the player's progress. */
export async function battlePassData(db: Pick<Db, 'get' | 'all'>, catalog: CatalogView, userId: number | null, now: number) {
  const season = bpSeasonAt(now);
  const { from, to } = bpSeasonBounds(season);
  const scheme = bpScheme();
  let progress = null;
  if (userId !== null) {
    const pass = await passOf(db, userId, season);
    const exp = await seasonExpOf(db, userId, season);
    const claimed = await db.all<{ tier: number; track: BpTrack; asset_id: number }>('SELECT tier, track, asset_id FROM bp_claims WHERE user_id = ? AND season = ? ORDER BY tier, track', userId, season);
    const tier = bpTierOf(exp, pass.has_upgrade === 1);
    progress = {
      has_buy: pass.has_buy === 1,
      has_upgrade: pass.has_upgrade === 1,
      last_experience: pass.last_experience,
      exp,
      tier,
      completed: tier >= BP_TIERS,
      claimed: claimed.map(({ tier: t, track }) => ({ tier: t, track })),
    };
  }
  return {
    season: { id: season, number: bpSeasonLabel(season), from: Math.floor(from / 1000), to: Math.floor(to / 1000), ends_in: Math.max(0, Math.ceil((to - now) / 1000)) },
    battlepass: { scheme: scheme.map(({ tier, exp }) => ({ tier, exp })), prices: { ...BP_PRICES } },
    items: scheme.map(({ tier, free, premium }) => ({ tier, free: rewardOut(catalog, free), premium: rewardOut(catalog, premium) })),
    progress,
    achieve: null,
  };
}

function rewardOut(catalog: CatalogView, reward: ReturnType<typeof bpReward>) {
  const box = reward.kind === 'case' ? catalog.listing().filter((b) => !b.deprecated && b.price <= (reward.amount ?? 0)).at(-1) : undefined;
  return {
    type: reward.kind,
    name: reward.name,
    rarity: reward.rarity,
    level: reward.level,
    amount: reward.kind === 'free_coins' ? reward.amount ?? null : null,
    detail: reward.detail ?? null,
    box: box ? { hash: box.out.hash, name: box.out.name, image: box.out.image, price: box.price } : null,
  };
}

/** battlepass.purchase: the pass, or the upgrade once the pass is held; twice or without the coins moves nothing. */
export async function purchasePass(tx: Tx, ledger: Ledger, userId: number, method: BpPurchase, now: number) {
  const season = bpSeasonAt(now);
  await tx.run('INSERT INTO bp_passes (user_id, season) VALUES (?, ?) ON CONFLICT DO NOTHING', userId, season);
  if (method === 'buy') {
    const bought = await tx.run('UPDATE bp_passes SET has_buy = 1, bought_at = ? WHERE user_id = ? AND season = ? AND has_buy = 0', now, userId, season);
    if (bought.changes === 0) fail(NumericError.INVALID_DATA, 'You already have the Battle Pass.');
  } else {
    const upgraded = await tx.run('UPDATE bp_passes SET has_upgrade = 1 WHERE user_id = ? AND season = ? AND has_buy = 1 AND has_upgrade = 0', userId, season);
    if (upgraded.changes === 0) {
      fail(NumericError.INVALID_DATA, (await passOf(tx, userId, season)).has_buy === 1 ? 'You already have the upgrade.' : 'Buy the Battle Pass before the upgrade.');
    }
  }
  const { debitBalance } = await ledger.transfer(tx, {
    from: { user: userId }, to: BATTLEPASS_HOUSE, amount: BP_PRICES[method], type: method === 'buy' ? 'battlepass_bought' : 'battlepass_upgrade', ref: `season:${season}`,
  });
  return { success: true, balance: debitBalance, has_buy: true, has_upgrade: method === 'upgrade' };
}

/** battlepass.claim: a reached tier's reward on a track, once; answers the card it put in the inventory. */
export async function claimTier(tx: Tx, hub: Pick<Hub, 'toUser'>, catalog: CatalogView, userId: number, tier: number, track: BpTrack, now: number) {
  const season = bpSeasonAt(now);
  const pass = await passOf(tx, userId, season);
  const reached = bpTierOf(await seasonExpOf(tx, userId, season), pass.has_upgrade === 1);
  if (tier > reached) fail(NumericError.INVALID_DATA, `Reach tier ${tier} to claim its reward.`);
  if (track === 'premium' && pass.has_buy !== 1) fail(NumericError.INVALID_DATA, 'The premium track needs the Battle Pass.');
  const reward = bpReward(tier, track);
  const assetId = await grantCard(tx, catalog, userId, reward, `battlepass:${season}:${tier}:${track}`, now);
  const claimed = await tx.run('INSERT INTO bp_claims (user_id, season, tier, track, asset_id, claimed_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', userId, season, tier, track, assetId, now);
  if (claimed.changes === 0) fail(NumericError.INVALID_DATA, 'This reward was already claimed.');
  const card = cardOut(catalog, (await cardById(tx, assetId))!);
  // The spec's 'inventory asset(s) issued' (the bp_card toast), once the card is really there.
  tx.afterCommit(() => hub.toUser(userId, 'INVENTORY_ASSET_ISSUED', { assets: [], cards: [card], count: 1, source: 'battlepass', game_hash: null }));
  return { success: true, card };
}

/** battlepass.commitProgress: the experience the page has shown, so it animates only what is new; never beyond what was earned. */
export async function commitProgress(tx: Tx, userId: number, exp: number, now: number) {
  const season = bpSeasonAt(now);
  if (exp > await seasonExpOf(tx, userId, season)) fail(NumericError.INVALID_DATA, 'More experience than this season holds.');
  await tx.run(
    'INSERT INTO bp_passes (user_id, season, last_experience) VALUES (?, ?, ?) ON CONFLICT (user_id, season) DO UPDATE SET last_experience = CASE WHEN excluded.last_experience > bp_passes.last_experience THEN excluded.last_experience ELSE bp_passes.last_experience END',
    userId, season, exp,
  );
  return { success: true, last_experience: (await passOf(tx, userId, season)).last_experience };
}
