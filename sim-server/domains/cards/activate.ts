/**
 * What using a card does (docs/decisions/0025). Every path takes the card out of the
 * inventory conditionally and pays for what it gives in the same transaction, so a card
 * used twice at once pays once.
 */
import { randomInt } from 'node:crypto';
import { NumericError } from '../../../src/contract/index.ts';
import { AVATAR_RESOURCES, CARD_RESOURCES, PATTERN_RESOURCES, ROULETTE_POOL, pickResource, type CardResource } from '../../../src/core/card-resources.ts';
import { isBoosterKind, toHash } from '../../../src/core/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { Ledger } from '../../db/ledger.ts';
import type { Hub } from '../../socket/hub.ts';
import { grantBooster } from '../boosters/grant.ts';
import { setting as rainSetting } from '../chat/rain.ts';
import { postSpecial } from '../chat/special-posts.ts';
import { CARD_BUNDLES } from '../battles/reactions.ts';
import { grantCustomizeRight, unlockBundle, type CustomizeRight } from '../customize/grant.ts';
import { fail } from '../../errors.ts';
import type { CatalogView } from '../cases/catalog-store.ts';
import { insertUnboxGame } from '../unbox/games.ts';
import { CARDS_HOUSE, cardOut, requireCardLevel, takeCard, type CardRow } from './cards.ts';

/** A uniform number in [0, 1) from the OS's randomness (randomInt takes ranges below 2^48). */
const unit = () => randomInt(0, 2 ** 47) / 2 ** 47;

/** What a card kind unpacks into. */
function poolOf(card: CardRow): readonly CardResource[] {
  if (card.kind === 'avatar_unpack') return AVATAR_RESOURCES;
  if (card.kind === 'pattern_unpack') return PATTERN_RESOURCES;
  return fail(NumericError.INVALID_DATA, 'This card does not unpack.');
}

/** Coins card: its amount from the cards house to the player. */
export async function useCoinsCard(tx: Tx, ledger: Ledger, catalog: CatalogView, userId: number, card: CardRow, now: number) {
  if (card.kind !== 'free_coins' || !card.amount) fail(NumericError.INVALID_DATA, 'This card does not pay coins.');
  await takeCard(tx, userId, card, 'used', now);
  const { creditBalance } = await ledger.transfer(tx, { from: CARDS_HOUSE, to: { user: userId }, amount: card.amount, type: 'reward', ref: `card:${toHash(card.asset_id)}` });
  return { asset: cardOut(catalog, { ...card, status: 'sold', state: 'used' }), balance: creditBalance };
}

/** Case card: a one-case game of its case, already paid by the card; answers where to roll it. */
export async function useCaseCard(tx: Tx, catalog: CatalogView, userId: number, card: CardRow, now: number) {
  if (card.kind !== 'case' && card.kind !== 'free_case') fail(NumericError.INVALID_DATA, 'This card does not open a case.');
  const box = card.box_id === null ? undefined : catalog.box(card.box_id);
  if (!box) fail(NumericError.INVALID_DATA, 'This card has no case to open.');
  if (box.deprecated) fail(NumericError.INVALID_DATA, `Box ${box.out.hash} deprecated.`);
  await takeCard(tx, userId, card, 'used', now);
  const game = await insertUnboxGame(tx, userId, box, 1, now);
  return { asset: cardOut(catalog, { ...card, status: 'sold', state: 'used' }), path: `/case/${box.key}/${game.token}` };
}

/**
 * Avatar (or pattern) pack: the reward drawn by its odds and kept; the roulette's pool drawn
 * the same way for the show (document 1 section 4: the card leaves the inventory first).
 */
export async function unpackCard(tx: Tx, catalog: CatalogView, userId: number, card: CardRow, now: number) {
  const pool = poolOf(card);
  await takeCard(tx, userId, card, 'used', now);
  const reward = pickResource(pool, unit());
  await tx.run('INSERT INTO user_resources (user_id, resource, card_asset_id, created_at) VALUES (?, ?, ?, ?)', userId, reward.hash, card.asset_id, now);
  const shown = Array.from({ length: ROULETTE_POOL }, () => pickResource(pool, unit()));
  return {
    item: { ...cardOut(catalog, { ...card, status: 'sold', state: 'used' }), options: { data: { resources: shown } } },
    resources: [reward],
  };
}

/**
 * Booster card: the booster of its kind, started at once (decision 0026: a booster card's
 * activation runs it; the card's level was the gate). booster.* finds it by the card's hash.
 */
export async function useBoosterCard(tx: Tx, hub: Pick<Hub, 'toUser' | 'publish'>, catalog: CatalogView, userId: number, card: CardRow, now: number) {
  const kind = card.detail;
  if (card.kind !== 'booster' || !isBoosterKind(kind)) fail(NumericError.INVALID_DATA, 'This card holds no booster.');
  await takeCard(tx, userId, card, 'used', now);
  const booster = await grantBooster(tx, userId, kind, { source: 'card', ref: toHash(card.asset_id), now, hub, activate: true });
  const asset = cardOut(catalog, { ...card, status: 'sold', state: 'used' });
  // The chat hears of it (a card_activated message, docs/decisions/0050).
  await postSpecial(tx, { hub, now }, 'card_activated', userId, { asset_name: asset.name, ...(asset.image ? { asset_image: asset.image } : {}), asset_type: 'booster', asset_details: { type: kind } });
  return { asset, booster_hash: booster.hash };
}

/** One-off avatar or nickname card: the right to upload an avatar or change the nickname once (decision 0026). */
export async function useCustomizeCard(tx: Tx, catalog: CatalogView, userId: number, card: CardRow, now: number) {
  const right: CustomizeRight | null = card.detail === 'avatar' || card.detail === 'nickname' ? card.detail : null;
  if (card.kind !== 'customize' || right === null) fail(NumericError.INVALID_DATA, 'This card holds no customisation.');
  await takeCard(tx, userId, card, 'used', now);
  await grantCustomizeRight(tx, userId, right, { source: 'card', ref: toHash(card.asset_id), now });
  return { asset: cardOut(catalog, { ...card, status: 'sold', state: 'used' }), right };
}

/** Rain spoiler: when the chat's next rain starts, in seconds (document 1 section 7: rain_start_in). */
export async function useRainSpoiler(tx: Tx, catalog: CatalogView, userId: number, card: CardRow, now: number) {
  if (card.kind !== 'action' || card.detail !== 'rain-spoiler') fail(NumericError.INVALID_DATA, 'This card does nothing here.');
  await takeCard(tx, userId, card, 'used', now);
  const next = Number(await rainSetting(tx, 'rain_next_at') ?? '0');
  return { asset: cardOut(catalog, { ...card, status: 'sold', state: 'used' }), rain_start_in: Math.max(0, Math.ceil((next - now) / 1000)) };
}

/** The card bundle a reactions or emojis card unlocks, or INVALID_DATA. */
export function bundleOfCard(card: CardRow): { hash: string; type: 'reactions' | 'emojis'; content: readonly string[] } {
  const bundle =
    card.kind === 'reactions' ? CARD_BUNDLES.reactions.find((b) => b.hash === card.detail)
    : card.kind === 'emojis' ? CARD_BUNDLES.emojis.find((b) => b.hash === card.detail)
    : undefined;
  return bundle ?? fail(NumericError.INVALID_DATA, 'This card holds no bundle.');
}

/**
 * Reactions or emojis card: its bundle unlocked for the player's battles or chat (decisions
 * 0026, 0034); a bundle held already keeps the card.
 */
export async function useBundleCard(tx: Tx, catalog: CatalogView, userId: number, card: CardRow, now: number) {
  const bundle = bundleOfCard(card);
  if (!await unlockBundle(tx, userId, bundle.type, bundle.hash, { source: 'card', ref: toHash(card.asset_id), now })) fail(NumericError.INVALID_DATA, 'You have this bundle already.');
  await takeCard(tx, userId, card, 'used', now);
  return { asset: cardOut(catalog, { ...card, status: 'sold', state: 'used' }) };
}

/** inventory.activate: each kind as above; a card above the player's level is refused. */
export async function activateCard(tx: Tx, ledger: Ledger, hub: Pick<Hub, 'toUser' | 'publish'>, catalog: CatalogView, userId: number, card: CardRow, now: number) {
  await requireCardLevel(tx, userId, card);
  switch (card.kind) {
    case 'free_coins':
      return useCoinsCard(tx, ledger, catalog, userId, card, now);
    case 'case':
    case 'free_case':
      return useCaseCard(tx, catalog, userId, card, now);
    case 'avatar_unpack':
    case 'pattern_unpack': {
      const { item, resources } = await unpackCard(tx, catalog, userId, card, now);
      return { asset: cardOut(catalog, { ...card, status: 'sold', state: 'used' }), item, resources };
    }
    case 'booster':
      return useBoosterCard(tx, hub, catalog, userId, card, now);
    case 'customize':
      return useCustomizeCard(tx, catalog, userId, card, now);
    case 'action':
      return useRainSpoiler(tx, catalog, userId, card, now);
    case 'reactions':
    case 'emojis':
      return useBundleCard(tx, catalog, userId, card, now);
    default:
      // Every kind of document 1 is handled above; a row of another kind is refused and kept.
      return fail(NumericError.INVALID_DATA, `${card.name} cannot be used.`);
  }
}

/** The avatars (or patterns) a player unpacked, newest first. */
export async function ownedResources(db: Pick<Db, 'all'>, userId: number, type: 'avatar' | 'pattern') {
  const rows = await db.all<{ resource: string; created_at: number }>('SELECT resource, created_at FROM user_resources WHERE user_id = ? ORDER BY id DESC', userId);
  const byHash = new Map(CARD_RESOURCES.map((r) => [r.hash, r]));
  return rows.flatMap((row) => {
    const resource = byHash.get(row.resource);
    return resource && resource.type === type ? [{ ...resource, time: row.created_at }] : [];
  });
}
