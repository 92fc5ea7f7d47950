/**
 * The reaction bundle battles use (DESIGN.md section 10): a small bundle the sim seeds until
 * the cards work brings more. Reaction ids are `{bundle hash}_{index}_{token}`; the battle
 * methods accept any id of that shape, the client draws the tokens it knows.
 */
import type { Handlers } from '../../rpc/context.ts';

/** The seeded bundles by type; `details.rarity` is the spec's high 3, medium 2, low 1. */
const BUNDLES = {
  reactions: [{ hash: 'SF0000000001', type: 'reactions', content: ['cool', 'laugh', 'cry', 'wow', 'love', 'angry', 'wink', 'scream'], details: { rarity: 1 } }],
  emojis: [{ hash: 'SF0000000002', type: 'emojis', content: ['smile', 'grin', 'kiss', 'sleepy'], details: { rarity: 1 } }],
} as const;

/** bundle.assets. */
export const reactionHandlers: Handlers = {
  'bundle.assets': ({ type }) => ({ assets: [...BUNDLES[type]] }),
};
