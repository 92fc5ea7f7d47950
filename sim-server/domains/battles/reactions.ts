/**
 * The reaction bundles battles use (docs/design.md section 7): a small free bundle for everyone,
 * and bundles a reactions card unlocks (docs/decisions/0026; stored in user_unlocks). Reaction
 * ids are `{bundle hash}_{index}_{token}`; a card bundle's reactions need it unlocked.
 */
import { NumericError } from '../../../src/contract/index.ts';
import { parseHash } from '../../../src/core/hash-id.ts';
import type { Db } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import type { Handlers } from '../../rpc/context.ts';
import { unlockedBundles } from '../customize/grant.ts';
import { CARD_EMOJI_BUNDLES } from '../chat/emoji-packs.ts';

/** The seeded bundles by type; `details.rarity` is the spec's high 3, medium 2, low 1. */
const BUNDLES = {
  reactions: [{ hash: 'SF0000000001', type: 'reactions', content: ['cool', 'laugh', 'cry', 'wow', 'love', 'angry', 'wink', 'scream'], details: { rarity: 1 } }],
  emojis: [{ hash: 'SF0000000002', type: 'emojis', content: ['smile', 'grin', 'kiss', 'sleepy'], details: { rarity: 1 } }],
} as const;

/** Bundles only a card gives: listed for a player once unlocked (the card's item is the bundle hash). */
export const CARD_BUNDLES = {
  reactions: [{ hash: 'SF0000000011', type: 'reactions', content: ['fire', 'crown', 'gg', 'rocket', 'skull', 'party'], details: { rarity: 3 } }],
  emojis: CARD_EMOJI_BUNDLES.map((b) => ({ hash: b.hash, type: 'emojis' as const, content: b.content.map((e) => e.token), details: { rarity: b.rarity } })),
} as const;

/** Refuses a reaction from a card bundle the player has not unlocked. */
export async function checkReaction(db: Pick<Db, 'all'>, userId: number, reaction: string): Promise<void> {
  const hash = reaction.split('_')[0] ?? '';
  const id = parseHash(hash);
  const bundle = CARD_BUNDLES.reactions.find((b) => parseHash(b.hash) === id);
  if (bundle && !(await unlockedBundles(db, userId)).reactions.includes(bundle.hash)) fail(NumericError.ACCESS_DENIED, 'Unlock this reaction bundle with its card first');
}

/** bundle.assets: the free bundles, and for a signed-in player the card bundles they unlocked. */
export const reactionHandlers: Handlers = {
  'bundle.assets': async ({ type }, ctx) => {
    const unlocked = ctx.user ? (await unlockedBundles(ctx.db, ctx.user.id))[type] : [];
    return { assets: [...BUNDLES[type], ...CARD_BUNDLES[type].filter((b) => unlocked.includes(b.hash))] };
  },
};
