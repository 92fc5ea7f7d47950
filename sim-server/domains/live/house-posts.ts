/**
 * The house's own chat messages (origin system, document 2: "details.type discord, or JSON
 * text with item_hash"; docs/decisions/0050): the discord promo, and the item spotlight, an
 * item worth an arena drop and the case it drops from. The schedule (live/index.ts) and the
 * sim console post them.
 */
import { randomInt } from 'node:crypto';
import type { ChatMessage } from '../../../src/contract/index.ts';
import { ARENA_DROP_MIN } from '../../../src/core/chat.ts';
import { NumericError } from '../../../src/contract/index.ts';
import { fail } from '../../errors.ts';
import type { Services } from '../../rpc/context.ts';
import { postSpecial } from '../chat/special-posts.ts';

/** Where the promo's button leads (the footer's Discord link). */
export const DISCORD_URL = 'https://discord.com/invite/skinfans';
/** The promo's words. */
export const DISCORD_TEXT = 'Join our Discord: giveaways, drops of the day and the arena news first.';

/** Posts one house message now: the discord promo, or the spotlight of an item (a given one, or one drawn from the dear ones). */
export async function postHouseMessage(services: Pick<Services, 'db' | 'hub' | 'config' | 'catalog'>, kind: 'discord' | 'item', itemHash?: string): Promise<ChatMessage> {
  const now = services.config.now();
  if (kind === 'discord') {
    return services.db.transaction((tx) => postSpecial(tx, { hub: services.hub, now }, 'system', null, { type: 'discord', url: DISCORD_URL }, DISCORD_TEXT));
  }
  const catalog = await services.catalog.view();
  // The cases that can still be opened, and what they drop that clears an arena drop.
  const offers = catalog.listing().filter((box) => !box.deprecated).flatMap((box) => box.slots.flatMap((slot) => {
    const item = catalog.item(slot.itemId);
    return item && item.price >= ARENA_DROP_MIN ? [{ box, item }] : [];
  }));
  const offer = itemHash === undefined ? offers[randomInt(0, Math.max(1, offers.length))] : offers.find((o) => o.item.hash === itemHash);
  if (!offer) fail(NumericError.NOT_FOUND, itemHash === undefined ? 'No item to show' : `No open case drops item ${itemHash} worth an arena drop`);
  return services.db.transaction((tx) =>
    postSpecial(tx, { hub: services.hub, now }, 'system', null, {
      type: 'item', game_path: `/case/${offer.box.key}`, box_miniature: offer.box.out.image, name: offer.box.out.name,
    }, JSON.stringify({ item_hash: offer.item.hash })),
  );
}
