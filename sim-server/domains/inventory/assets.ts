/** The inventory: items players hold, granted by drops and sold back to the house. */
import { NumericError, type Asset, type InventoryResume, type z } from '../../../src/contract/index.ts';
import { toHash } from '../../../src/core/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import type { CatalogView } from '../cases/catalog-store.ts';

/** An asset as the wire shows it. */
export type AssetOut = z.output<typeof Asset>;

/** An assets row of kind 'item'. */
export interface AssetRow {
  id: number;
  item_id: number;
  box_id: number | null;
  created_at: number;
}

/**
 * Puts an item into a player's inventory; answers the asset id. `stakeRef` is the game whose
 * stake paid for it: a stake of sponsored coins makes its sale sponsored in proportion
 * (ledger `Transfer.stakes`, docs/decisions/0056).
 */
export async function grantItem(tx: Tx, userId: number, itemId: number, boxId: number | null, now: number, stakeRef: string | null = null): Promise<number> {
  return (await tx.run(
    "INSERT INTO assets (user_id, kind, item_id, status, box_id, stake_ref, created_at) VALUES (?, 'item', ?, 'held', ?, ?, ?)", userId, itemId, boxId, stakeRef, now,
  )).lastInsertRowid;
}

/** The wire shape of a held item. */
export function assetOut(catalog: CatalogView, row: AssetRow): AssetOut {
  const item = catalog.item(row.item_id)!;
  return {
    hash: toHash(row.id),
    item_hash: item.hash,
    type: item.type,
    name: item.name,
    image: item.image,
    rarity: item.rarity,
    color: item.color,
    price: item.price,
    time: row.created_at,
    box_hash: row.box_id === null ? null : toHash(row.box_id),
  };
}

/** Filters, sort and page of inventory.getAssets. */
export interface AssetQuery {
  types?: readonly string[];
  rarities?: readonly string[];
  sort: 'hash' | 'price_desc' | 'price_asc';
  /** sort 'hash': only assets older than this id; price sorts: how many to skip. */
  after?: number;
  skip: number;
  count: number;
}

function filterSql(types: readonly string[] | undefined, rarities: readonly string[] | undefined): { where: string; params: string[] } {
  let where = '';
  const params: string[] = [];
  if (types?.length) {
    where += ` AND i.category IN (${types.map(() => '?').join(', ')})`;
    params.push(...types);
  }
  if (rarities?.length) {
    where += ` AND i.rarity IN (${rarities.map(() => '?').join(', ')})`;
    params.push(...rarities);
  }
  return { where, params };
}

const HELD = "FROM assets a JOIN items i ON i.id = a.item_id WHERE a.user_id = ? AND a.status = 'held' AND a.kind = 'item'";

/** One page of a player's held items. */
export function heldPage(db: Pick<Db, 'all'>, userId: number, q: AssetQuery): Promise<AssetRow[]> {
  const { where, params } = filterSql(q.types, q.rarities);
  const columns = 'SELECT a.id, a.item_id, a.box_id, a.created_at';
  if (q.sort === 'hash') {
    return db.all<AssetRow>(`${columns} ${HELD}${where} AND a.id < ? ORDER BY a.id DESC LIMIT ?`, userId, ...params, q.after ?? Number.MAX_SAFE_INTEGER, q.count);
  }
  const direction = q.sort === 'price_desc' ? 'DESC' : 'ASC';
  return db.all<AssetRow>(`${columns} ${HELD}${where} ORDER BY i.price ${direction}, a.id DESC LIMIT ? OFFSET ?`, userId, ...params, q.count, q.skip);
}

/**
 * Totals of the held items under the filters. Each facet (types, rarities) is counted under
 * the other filter only, so the client's filter chips show what picking them would give.
 */
export async function heldResume(db: Pick<Db, 'all' | 'get'>, userId: number, q: Pick<AssetQuery, 'types' | 'rarities'>): Promise<z.output<typeof InventoryResume>> {
  const all = filterSql(q.types, q.rarities);
  const totals = (await db.get<{ n: number; price: number | null }>(`SELECT COUNT(*) AS n, SUM(i.price) AS price ${HELD}${all.where}`, userId, ...all.params))!;
  const byRarity = filterSql(undefined, q.rarities);
  const byType = filterSql(q.types, undefined);
  const types = await db.all<{ k: string; n: number }>(`SELECT i.category AS k, COUNT(*) AS n ${HELD}${byRarity.where} GROUP BY i.category`, userId, ...byRarity.params);
  const rarities = await db.all<{ k: string; n: number }>(`SELECT i.rarity AS k, COUNT(*) AS n ${HELD}${byType.where} GROUP BY i.rarity`, userId, ...byType.params);
  return {
    total_count: totals.n,
    total_price: totals.price ?? 0,
    types: Object.fromEntries(types.map((r) => [r.k, r.n])),
    rarities: Object.fromEntries(rarities.map((r) => [r.k, r.n])),
  };
}

/**
 * Marks held items sold and answers their total price and, for the ledger, the games whose
 * stakes bought them. Any asset that is not held by the player (already sold, someone else's,
 * unknown) refuses the whole sale; the caller's transaction then rolls back the ones already marked.
 */
export async function markSold(tx: Tx, catalog: CatalogView, userId: number, assetIds: readonly number[], now: number): Promise<{ total: number; stakes: { ref: string; value: number }[] }> {
  let total = 0;
  const stakes: { ref: string; value: number }[] = [];
  for (const id of new Set(assetIds)) {
    const sold = await tx.get<{ item_id: number; stake_ref: string | null }>(
      "UPDATE assets SET status = 'sold', sold_at = ? WHERE id = ? AND user_id = ? AND kind = 'item' AND status = 'held' RETURNING item_id, stake_ref",
      now, id, userId,
    );
    if (!sold) {
      const owned = await tx.get<{ status: string }>('SELECT status FROM assets WHERE id = ? AND user_id = ?', id, userId);
      fail(NumericError.INVALID_DATA, owned ? `Item ${toHash(id)} already sold.` : `Item ${toHash(id)} not found.`);
    }
    const price = catalog.item(sold.item_id)!.price;
    total += price;
    if (sold.stake_ref !== null) stakes.push({ ref: sold.stake_ref, value: price });
  }
  return { total, stakes };
}
