/**
 * The catalog in the database and in memory. On start the generated catalog is upserted by
 * key (restarts change nothing; a changed case gets a new version, old versions stay for
 * replays; cases gone from the code become deprecated). Reads go through an in-memory view
 * built from the tables; buildApp makes one CaseCatalog per server and passes it in Services.
 */
import type { Box, Item, z } from '../../../src/contract/index.ts';
import { ITEM_RARITY_STYLE, toHash, toItemRarity, type TicketRange } from '../../../src/core/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { Category } from '../../world/catalog-names.ts';
import { generateCatalog, type Catalog } from '../../world/catalog.ts';
import { artUrl } from './art.ts';

/** An item as the wire shows it. */
export type ItemOut = z.output<typeof Item>;
/** A case at one version as the wire shows it. */
export type BoxOut = z.output<typeof Box>;

/** A slot with the item id the tables use. */
export interface Slot {
  itemId: number;
  range: TicketRange;
}

/** A case at one version, with everything a roll needs. */
export interface BoxVersion {
  id: number;
  key: string;
  version: number;
  price: number;
  deprecated: boolean;
  slots: Slot[];
  out: BoxOut;
}

/** The catalog as handlers read it. */
export interface CatalogView {
  item(id: number): ItemOut | undefined;
  itemByKey(key: string): ItemOut | undefined;
  /** A case's current version. */
  box(id: number): BoxVersion | undefined;
  boxByKey(key: string): BoxVersion | undefined;
  /** A case at an older (or the current) version: older ones are read when first asked for. */
  boxVersion(id: number, version: number): Promise<BoxVersion | undefined>;
  /** Every case at its current version, cheapest first. */
  listing(): BoxVersion[];
}

interface ItemRow { id: number; key: string; name: string; weapon: string; skin: string; wear: string | null; category: string; rarity: string; price: number }
interface BoxRow { id: number; key: string; name: string; deprecated: number; version: number }
interface VersionRow { box_id: number; version: number; price: number; slots: string }

function colorOf(rarity: string): string {
  return `#${ITEM_RARITY_STYLE[toItemRarity(rarity)].rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

function itemOut(row: ItemRow): ItemOut {
  return {
    hash: toHash(row.id),
    key: row.key,
    name: row.name,
    weapon: row.weapon,
    skin: row.skin,
    wear: row.wear,
    type: row.category as Category,
    rarity: row.rarity,
    color: colorOf(row.rarity),
    price: row.price,
    image: artUrl('item', row.key),
  };
}

function parseSlots(json: string): Slot[] {
  return (JSON.parse(json) as [number, number, number][]).map(([itemId, from, to]) => ({ itemId, range: [from, to] }));
}

function boxVersionOf(box: BoxRow, version: VersionRow): BoxVersion {
  const slots = parseSlots(version.slots);
  const itemHashes = slots.map((s) => toHash(s.itemId));
  return {
    id: box.id,
    key: box.key,
    version: version.version,
    price: version.price,
    deprecated: box.deprecated === 1,
    slots,
    out: {
      hash: toHash(box.id),
      key: box.key,
      version: version.version,
      name: box.name,
      status: 'enabled',
      deprecated: box.deprecated === 1,
      image: artUrl('case', box.key),
      background: artUrl('case-background', box.key),
      logo: artUrl('case-logo', box.key),
      scene: { spin_border: artUrl('spin-border', box.key) },
      price: version.price,
      items: itemHashes,
      slots: slots.map((s, i) => ({ item_hash: itemHashes[i]!, range: [s.range[0], s.range[1]] })),
    },
  };
}

/** The catalog of one server: the view handlers read, and the upsert that renews it. */
export interface CaseCatalog {
  /** The in-memory view of the tables, built on first use and again after a store. */
  view(): Promise<CatalogView>;
  /** Writes a catalog (the generated one by default) into the tables; idempotent. */
  store(now: number, catalog?: Catalog): Promise<void>;
  /** Drops the view, so the next read loads the tables again (another process stored a catalog). */
  forget(): void;
}

/**
 * The catalog of a database (buildApp builds one; the cases domain stores the code's catalog on
 * start). `stored` hears each store, so other processes can drop their views.
 */
export function createCaseCatalog(db: Db, stored?: () => void): CaseCatalog {
  let view: CatalogView | null = null;
  return {
    view: async () => (view ??= await loadView(db)),
    async store(now, catalog = generateCatalog()) {
      await storeCatalog(db, now, catalog);
      view = null;
      stored?.();
    },
    forget() {
      view = null;
    },
  };
}

async function storeCatalog(db: Db, now: number, catalog: Catalog): Promise<void> {
  await db.transaction(async (tx: Tx) => {
    for (const item of catalog.items) {
      await tx.run(
        `INSERT INTO items (key, name, weapon, skin, wear, category, rarity, price) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET name = excluded.name, weapon = excluded.weapon, skin = excluded.skin, wear = excluded.wear,
           category = excluded.category, rarity = excluded.rarity, price = excluded.price`,
        item.key, item.name, item.weapon, item.skin, item.wear, item.type, item.rarity, item.price,
      );
    }
    const idOf = new Map((await tx.all<{ id: number; key: string }>('SELECT id, key FROM items')).map((r) => [r.key, r.id]));
    const keys = new Set<string>();
    for (const box of catalog.cases) {
      keys.add(box.key);
      const slots = JSON.stringify(box.slots.map((s) => [idOf.get(s.itemKey)!, s.range[0], s.range[1]]));
      const row = await tx.get<BoxRow>('SELECT id, key, name, deprecated, version FROM boxes WHERE key = ? FOR NO KEY UPDATE', box.key);
      if (!row) {
        const { lastInsertRowid: id } = await tx.run('INSERT INTO boxes (key, name, deprecated, version) VALUES (?, ?, ?, 1)', box.key, box.name, box.deprecated ? 1 : 0);
        await tx.run('INSERT INTO box_versions (box_id, version, price, slots, created_at) VALUES (?, 1, ?, ?, ?)', id, box.price, slots, now);
        continue;
      }
      const current = (await tx.get<VersionRow>('SELECT box_id, version, price, slots FROM box_versions WHERE box_id = ? AND version = ?', row.id, row.version))!;
      const version = current.price === box.price && current.slots === slots ? row.version : row.version + 1;
      if (version !== row.version) await tx.run('INSERT INTO box_versions (box_id, version, price, slots, created_at) VALUES (?, ?, ?, ?, ?)', row.id, version, box.price, slots, now);
      await tx.run('UPDATE boxes SET name = ?, deprecated = ?, version = ? WHERE id = ?', box.name, box.deprecated ? 1 : 0, version, row.id);
    }
    for (const { id, key } of await tx.all<{ id: number; key: string }>('SELECT id, key FROM boxes WHERE deprecated = 0')) {
      if (!keys.has(key)) await tx.run('UPDATE boxes SET deprecated = 1 WHERE id = ?', id);
    }
  });
}

async function loadView(db: Pick<Db, 'all' | 'get'>): Promise<CatalogView> {
  const items = new Map((await db.all<ItemRow>('SELECT * FROM items')).map((row) => [row.id, itemOut(row)]));
  const itemsByKey = new Map([...items.values()].map((item) => [item.key, item]));
  const boxRows = new Map((await db.all<BoxRow>('SELECT id, key, name, deprecated, version FROM boxes')).map((row) => [row.id, row]));
  const versions = new Map<string, BoxVersion>();
  const versionOf = async (id: number, version: number): Promise<BoxVersion | undefined> => {
    const cacheKey = `${id}:${version}`;
    const cached = versions.get(cacheKey);
    if (cached) return cached;
    const box = boxRows.get(id);
    const row = box && await db.get<VersionRow>('SELECT box_id, version, price, slots FROM box_versions WHERE box_id = ? AND version = ?', id, version);
    if (!box || !row) return undefined;
    const built = boxVersionOf(box, row);
    versions.set(cacheKey, built);
    return built;
  };
  // Every case's current version is read now, one after the other (one connection), so
  // box() and listing() answer without the database.
  const current: BoxVersion[] = [];
  for (const row of boxRows.values()) current.push((await versionOf(row.id, row.version))!);
  const byId = new Map(current.map((box) => [box.id, box]));
  const byKey = new Map(current.map((box) => [box.key, box]));
  const listing = current.toSorted((a, b) => a.price - b.price || a.id - b.id);
  return {
    item: (id) => items.get(id),
    itemByKey: (key) => itemsByKey.get(key),
    box: (id) => byId.get(id),
    boxByKey: (key) => byKey.get(key),
    boxVersion: versionOf,
    listing: () => listing,
  };
}

// This domain's long-lived part on the server's Services (the RPC layer names no domain: docs/design.md section 3).
declare module '../../rpc/context.ts' {
  interface DomainRuntimes {
    /** The case catalog (items, cases and their versions). */
    catalog: CaseCatalog;
  }
}
