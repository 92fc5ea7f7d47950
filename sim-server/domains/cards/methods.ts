/** Cards: the inventory's cards, using them, case cards, packs and gift codes (docs/decisions/0025). */
import { NumericError } from '../../../src/contract/index.ts';
import { CARD_RESOURCES } from '../../../src/core/card-resources.ts';
import { fail } from '../../errors.ts';
import { requireUser, type Handlers } from '../../rpc/context.ts';
import { activateCard, bundleOfCard, ownedResources, unpackCard, useCaseCard } from './activate.ts';
import { cardOut, heldCards, ownCard, requireCardLevel } from './cards.ts';
import { giftCard } from './gifts.ts';

/** One-off card types (document 1 section 3) and the card kind that carries each. */
const ONE_OFF_KIND: Readonly<Record<string, string>> = { avatar: 'customize', nickname: 'customize', 'rain-spoiler': 'action' };

/** Card methods. */
export const cardHandlers: Handlers = {
  'inventory.getCards': async (_params, ctx) => {
    const user = requireUser(ctx);
    const catalog = await ctx.catalog.view();
    return { cards: (await heldCards(ctx.db, user.id)).map((card) => cardOut(catalog, card)) };
  },
  'inventory.activate': async ({ asset_hash }, ctx) => {
    const user = requireUser(ctx);
    const catalog = await ctx.catalog.view();
    return ctx.moneyTx(async (tx) => activateCard(tx, ctx.ledger, ctx.hub, catalog, user.id, await ownCard(tx, user.id, asset_hash), ctx.config.now()));
  },
  'resource.card': async ({ hash }, ctx) => {
    const user = requireUser(ctx);
    const catalog = await ctx.catalog.view();
    return ctx.db.transaction(async (tx) => {
      const card = await ownCard(tx, user.id, hash);
      await requireCardLevel(tx, user.id, card);
      return unpackCard(tx, catalog, user.id, card, ctx.config.now());
    });
  },
  'resource.assets': async ({ type }, ctx) => ({ success: true, assets: await ownedResources(ctx.db, requireUser(ctx).id, type) }),
  'resource.battlepass': ({ type }) => ({ resources: CARD_RESOURCES.filter((r) => r.type === type) }),
  'arena-case.cards': async (_params, ctx) => {
    const user = requireUser(ctx);
    const catalog = await ctx.catalog.view();
    const byBox = new Map<number, { key: string; price: number; count: number; asset_hashes: string[] }>();
    for (const card of await heldCards(ctx.db, user.id)) {
      const box = card.box_id === null ? undefined : catalog.box(card.box_id);
      if (!box || (card.kind !== 'case' && card.kind !== 'free_case')) continue;
      const entry = byBox.get(box.id) ?? { key: box.key, price: box.price, count: 0, asset_hashes: [] };
      entry.count++;
      entry.asset_hashes.push(cardOut(catalog, card).hash);
      byBox.set(box.id, entry);
    }
    return { data: [...byBox.values()] };
  },
  'arena-case.create-card': async ({ key }, ctx) => {
    const user = requireUser(ctx);
    const catalog = await ctx.catalog.view();
    const box = catalog.boxByKey(key) ?? fail(NumericError.NOT_FOUND, `Case ${key} not found.`);
    return ctx.moneyTx(async (tx) => {
      // The oldest card for this case goes first.
      const card = (await heldCards(tx, user.id)).filter((c) => (c.kind === 'case' || c.kind === 'free_case') && c.box_id === box.id).at(-1)
        ?? fail(NumericError.INVALID_DATA, `You have no card for ${box.out.name}.`);
      await requireCardLevel(tx, user.id, card);
      const { path } = await useCaseCard(tx, catalog, user.id, card, ctx.config.now());
      return { success: true, path };
    });
  },
  'inventory.generateGift': ({ asset_hash }, ctx) => {
    const user = requireUser(ctx);
    return ctx.db.transaction(async (tx) => giftCard(tx, user.id, await ownCard(tx, user.id, asset_hash), ctx.config.now()));
  },
  'bundle.card': async ({ hash }, ctx) => {
    const bundle = bundleOfCard(await ownCard(ctx.db, requireUser(ctx).id, hash));
    return { bundle: { type: bundle.type, content: [...bundle.content] } };
  },
  'inventory.findCard': async ({ type }, ctx) => {
    const user = requireUser(ctx);
    const kind = ONE_OFF_KIND[type] ?? fail(NumericError.INPUT_ERROR, `type: expected one of ${Object.keys(ONE_OFF_KIND).join(', ')}`);
    const card = (await heldCards(ctx.db, user.id)).find((c) => c.kind === kind && c.detail === type);
    return { card: card ? cardOut(await ctx.catalog.view(), card) : null };
  },
};
