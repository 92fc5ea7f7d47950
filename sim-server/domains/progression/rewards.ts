/**
 * Level rewards (docs/decisions/0033): each level reached gives, once, a free case card and,
 * for a value beyond one case, community keys of that case. A key opens one case of its id
 * for free. Claims and opens are conditional writes in the caller's transaction, so twenty at
 * once give once (claims) or spend each key once (opens).
 */
import { NumericError } from '../../../src/contract/index.ts';
import { levelRewardKeys, levelRewardRarity, levelRewardValue } from '../../../src/core/level-rewards.ts';
import { MAX_LEVEL, levelForExp } from '../../../src/core/levels.ts';
import type { Db, Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import type { Hub } from '../../socket/hub.ts';
import type { CatalogView } from '../cases/catalog-store.ts';
import { cardById, cardOut, caseForValue, grantCard } from '../cards/cards.ts';
import { insertUnboxGame } from '../unbox/games.ts';

/** What claiming needs of the server. */
export interface RewardDeps {
  catalog: CatalogView;
  hub: Pick<Hub, 'toUser'>;
}

/** A level's reward with today's catalog: its value, the case its card opens and the keys beside it. */
export function levelRewardOf(catalog: CatalogView, level: number) {
  const value = levelRewardValue(level);
  const box = caseForValue(catalog, value);
  return { value, box, keys: box ? levelRewardKeys(value, box.price) : 0 };
}

const boxOut = (box: NonNullable<ReturnType<typeof caseForValue>>) => ({ hash: box.out.hash, key: box.key, name: box.out.name, price: box.price, image: box.out.image });

/** The player's community keys, one entry per case id with keys left. */
export async function keysOf(db: Pick<Db, 'all'>, catalog: CatalogView, userId: number) {
  return (await db
    .all<{ key_id: string; count: number }>('SELECT key_id, count FROM community_keys WHERE user_id = ? AND count > 0 ORDER BY key_id', userId))
    .map((row) => {
      const box = catalog.boxByKey(row.key_id);
      return { id: row.key_id, count: row.count, box: box ? boxOut(box) : null };
    });
}

/** Every level reward and where the player stands with it, and the keys held. */
export async function levelRewardsOf(db: Pick<Db, 'get' | 'all'>, catalog: CatalogView, userId: number) {
  const exp = (await db.get<{ exp: number }>('SELECT exp FROM users WHERE id = ?', userId))?.exp ?? 0;
  const level = levelForExp(exp);
  const claimed = new Set((await db.all<{ level: number }>('SELECT level FROM reward_claims WHERE user_id = ?', userId)).map((r) => r.level));
  const rewards = [];
  for (let l = 2; l <= MAX_LEVEL; l++) {
    const { value, box, keys } = levelRewardOf(catalog, l);
    rewards.push({ level: l, value, case: box ? boxOut(box) : null, keys, reached: l <= level, claimed: claimed.has(l) });
  }
  return { level, exp, rewards, keys: await keysOf(db, catalog, userId) };
}

/** Adds keys of a case id to a player, in the caller's transaction. */
async function addKeys(tx: Tx, userId: number, keyId: string, count: number, now: number): Promise<void> {
  await tx.run(
    `INSERT INTO community_keys (user_id, key_id, count, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id, key_id) DO UPDATE SET count = community_keys.count + excluded.count, updated_at = excluded.updated_at`,
    userId, keyId, count, now,
  );
}

/**
 * Gives a level's reward once: the free case card (the dearest open case within its value,
 * fixed now) and its keys. A level not reached, claimed before, or with no case open for its
 * value is refused and nothing changes.
 */
export async function claimLevelReward(tx: Tx, deps: RewardDeps, userId: number, level: number, now: number) {
  const exp = (await tx.get<{ exp: number }>('SELECT exp FROM users WHERE id = ?', userId))?.exp ?? 0;
  if (levelForExp(exp) < level) fail(NumericError.INVALID_DATA, `Reach level ${level} to claim its reward`);
  const { value, box, keys } = levelRewardOf(deps.catalog, level);
  if (!box) fail(NumericError.INVALID_DATA, 'No case is open for this reward now');
  const claimed = await tx.run('INSERT INTO reward_claims (user_id, level, amount, claimed_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', userId, level, value, now);
  if (claimed.changes === 0) fail(NumericError.INVALID_DATA, 'This reward was already claimed');
  const assetId = await grantCard(tx, deps.catalog, userId, { kind: 'free_case', rarity: levelRewardRarity(level), name: `Level ${level} case`, level, amount: value }, `level:${level}`, now);
  const card = cardOut(deps.catalog, (await cardById(tx, assetId))!);
  if (keys > 0) await addKeys(tx, userId, box.key, keys, now);
  tx.afterCommit(() => {
    deps.hub.toUser(userId, 'INVENTORY_ASSET_ISSUED', { assets: [], cards: [card], count: 1, source: 'reward', game_hash: null });
    if (keys > 0) deps.hub.toUser(userId, 'COMMUNITY_KEY_ISSUED', { key: { id: box.key, count: keys } });
  });
  return { success: true, level, value, card, keys: keys > 0 ? { id: box.key, count: keys } : null };
}

/** Opens one case with a key of its id: the key is spent conditionally and a paid-for one-case game starts. */
export async function openWithKey(tx: Tx, catalog: CatalogView, userId: number, keyId: string, now: number) {
  const box = catalog.boxByKey(keyId);
  if (!box) fail(NumericError.INVALID_DATA, 'No case opens with this key');
  if (box.deprecated) fail(NumericError.INVALID_DATA, `Box ${box.out.hash} deprecated.`);
  const left = await tx.get<{ count: number }>(
    'UPDATE community_keys SET count = count - 1, updated_at = ? WHERE user_id = ? AND key_id = ? AND count > 0 RETURNING count',
    now, userId, keyId,
  );
  if (!left) fail(NumericError.INVALID_DATA, 'You have no key for this case');
  const game = await insertUnboxGame(tx, userId, box, 1, now);
  return { success: true, path: `/case/${box.key}/${game.token}`, keys_left: left.count };
}
