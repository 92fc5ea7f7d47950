/**
 * Cards (document 1 sections 3-5; docs/decisions/0025): an assets row of kind 'card' and its
 * cards row. Granting, reading and taking a card out of the inventory happen here, inside the
 * caller's transaction; what using a card does lives in activate.ts.
 */
import { NumericError } from '../../../src/contract/index.ts';
import type { BpReward } from '../../../src/core/battlepass.ts';
import { BOOSTER_NAMES, RARITY_TIER_STYLE, isBoosterKind, levelForExp, parseHash, toHash, type RarityTier } from '../../../src/core/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import type { CatalogView } from '../cases/catalog-store.ts';

/** A card joined with its assets row. */
export interface CardRow {
  asset_id: number;
  user_id: number;
  status: 'held' | 'sold';
  kind: string;
  rarity: RarityTier;
  level: number;
  name: string;
  amount: number | null;
  detail: string | null;
  box_id: number | null;
  tradable: number;
  source: string;
  state: 'held' | 'used' | 'gifted';
  created_at: number;
}

const SELECT = `SELECT c.asset_id, a.user_id, a.status, a.created_at, c.kind, c.rarity, c.level, c.name, c.amount, c.detail, c.box_id, c.tradable, c.source, c.state
  FROM cards c JOIN assets a ON a.id = c.asset_id`;

/** The house account coin cards are paid from. */
export const CARDS_HOUSE = { house: 'cards' } as const;

/** The dearest open case a case card of this value opens, or null when none is cheap enough. */
export function caseForValue(catalog: CatalogView, value: number) {
  const fitting = catalog.listing().filter((box) => !box.deprecated && box.price <= value);
  return fitting.length > 0 ? fitting[fitting.length - 1]! : null;
}

/** Puts a card into a player's inventory; answers its asset id. */
export async function grantCard(tx: Tx, catalog: CatalogView, userId: number, reward: BpReward, source: string, now: number): Promise<number> {
  const { lastInsertRowid: id } = await tx.run("INSERT INTO assets (user_id, kind, status, created_at) VALUES (?, 'card', 'held', ?)", userId, now);
  const box = reward.kind === 'case' || reward.kind === 'free_case' ? caseForValue(catalog, reward.amount ?? 0) : null;
  await tx.run(
    'INSERT INTO cards (asset_id, kind, rarity, level, name, amount, detail, box_id, tradable, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    id, reward.kind, reward.rarity, reward.level, reward.name, reward.kind === 'free_coins' ? reward.amount ?? null : null,
    reward.detail ?? null, box?.id ?? null, 1, source,
  );
  return id;
}

/** A card by id, whoever holds it. */
export function cardById(db: Pick<Db, 'get'>, assetId: number): Promise<CardRow | undefined> {
  return db.get<CardRow>(`${SELECT} WHERE c.asset_id = ?`, assetId);
}

/** The player's held cards, newest first. */
export function heldCards(db: Pick<Db, 'all'>, userId: number): Promise<CardRow[]> {
  return db.all<CardRow>(`${SELECT} WHERE a.user_id = ? AND a.status = 'held' ORDER BY a.id DESC`, userId);
}

/** A held card of the player by hash; someone else's, used or unknown reads as not found (nothing told about others' cards). */
export async function ownCard(db: Pick<Db, 'get'>, userId: number, hash: string): Promise<CardRow> {
  const id = parseHash(hash);
  const card = id === null ? undefined : await cardById(db, id);
  if (!card || card.user_id !== userId || card.status !== 'held') fail(NumericError.INVALID_DATA, 'Card not found.');
  return card;
}

/** Refuses a card above the player's level (document 1 section 5: locked below the card level). */
export async function requireCardLevel(db: Pick<Db, 'get'>, userId: number, card: CardRow): Promise<void> {
  const exp = (await db.get<{ exp: number }>('SELECT exp FROM users WHERE id = ?', userId))?.exp ?? 0;
  // Level 1 starts at 1 experience; a card of level 1 is open to everyone, newcomers too.
  if (Math.max(1, levelForExp(exp)) < card.level) fail(NumericError.INVALID_DATA, `Reach level ${card.level} to use this card.`);
}

/**
 * Takes a held card out of the inventory as used (or gifted), conditionally: of two calls at
 * once only one finds it held, the other is refused and its transaction moves nothing.
 */
export async function takeCard(tx: Tx, userId: number, card: CardRow, state: 'used' | 'gifted', now: number): Promise<void> {
  const taken = await tx.run("UPDATE assets SET status = 'sold', sold_at = ? WHERE id = ? AND user_id = ? AND status = 'held'", now, card.asset_id, userId);
  if (taken.changes === 0) fail(NumericError.INVALID_DATA, 'Card not found.');
  await tx.run('UPDATE cards SET state = ?, used_at = ? WHERE asset_id = ?', state, now, card.asset_id);
}

/** The wire shape of a card (document 1 section 3 'Card'). */
export function cardOut(catalog: CatalogView, card: CardRow) {
  const box = card.box_id === null ? undefined : catalog.box(card.box_id);
  const description = describe(card, box?.out.name);
  return {
    hash: toHash(card.asset_id),
    type: card.kind,
    name: card.name,
    image: box?.out.image ?? null,
    rarity: card.rarity,
    stars: RARITY_TIER_STYLE[card.rarity].stars,
    level: card.level,
    tradable: card.tradable === 1,
    amount: card.amount,
    detail: card.detail,
    box: box ? { hash: box.out.hash, key: box.key, name: box.out.name, price: box.price } : null,
    time: card.created_at,
    item_details: { type: card.kind, class: 'card', description, level: card.level, rarity: card.rarity, tradable: card.tradable === 1, name: card.name },
  };
}

/** A card as the wire shows it. */
export type CardOut = ReturnType<typeof cardOut>;

function describe(card: CardRow, boxName: string | undefined): string {
  switch (card.kind) {
    case 'free_coins':
      return `${((card.amount ?? 0) / 100).toFixed(2)} coins to your balance.`;
    case 'case':
    case 'free_case':
      return boxName ? `Opens one ${boxName} for free.` : 'Opens a case for free.';
    case 'avatar_unpack':
      return 'Unpacks one of 20 avatars, from Low to Ultra.';
    case 'booster':
      return isBoosterKind(card.detail) ? `${BOOSTER_NAMES[card.detail]}: starts when you activate the card.` : 'A booster.';
    case 'customize':
      return card.detail === 'avatar' ? 'Upload your own avatar once.' : 'Change your nickname once.';
    case 'action':
      return 'Tells when the next rain starts.';
    case 'reactions':
      return 'Unlocks a battle reaction bundle.';
    case 'pattern_unpack':
      return 'Unpacks one of 8 profile patterns, from Low to Ultra.';
    case 'emojis':
      return 'Unlocks the Elite emoji pack in the chat.';
    default:
      return 'A card.';
  }
}
