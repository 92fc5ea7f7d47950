/**
 * The chat's emoji bundles (document 1 section 3 'Reaction bundle', document 2 'Emoji
 * bundle'). Emojis are Unicode glyphs, so the packs cost no art and work offline; a message
 * carries them as `::{key}_{index}::`.
 */
import type { EmojiBundle } from '../../../src/contract/index.ts';
import { EMOJI_CARD_BUNDLE } from '../../../src/core/battlepass.ts';
import { EMOJI_CODE } from '../../../src/core/chat.ts';
import { toHash } from '../../../src/core/hash-id.ts';

const PACKS: readonly { key: string; name: string; rarity: number; glyphs: readonly (readonly [string, string])[] }[] = [
  {
    key: 'smile',
    name: 'Smiles',
    rarity: 1,
    glyphs: [['grin', '😀'], ['joy', '😂'], ['wink', '😉'], ['cool', '😎'], ['love', '😍'], ['think', '🤔'], ['cry', '😭'], ['angry', '😡'], ['shock', '😱'], ['sleep', '😴'], ['skull', '💀'], ['clown', '🤡']],
  },
  {
    key: 'arena',
    name: 'Arena',
    rarity: 2,
    glyphs: [['fire', '🔥'], ['coins', '💰'], ['gem', '💎'], ['trophy', '🏆'], ['dice', '🎲'], ['knife', '🔪'], ['rocket', '🚀'], ['party', '🎉'], ['target', '🎯'], ['crown', '👑'], ['bomb', '💣'], ['gift', '🎁']],
  },
  {
    key: 'hands',
    name: 'Hands',
    rarity: 3,
    glyphs: [['gg', '👍'], ['nope', '👎'], ['clap', '👏'], ['pray', '🙏'], ['wave', '👋'], ['muscle', '💪'], ['ok', '👌'], ['fist', '👊']],
  },
];

/** The free bundles every player's picker shows. */
export const EMOJI_BUNDLES: readonly EmojiBundle[] = PACKS.map((pack, i) => ({
  hash: toHash(100 + i),
  key: pack.key,
  name: pack.name,
  type: 'emojis',
  tags: ['free'],
  rarity: pack.rarity,
  content: pack.glyphs.map(([token, emoji], index) => ({ index, token, emoji })),
}));

/**
 * The pack only an emojis card unlocks (docs/decisions/0034; its hash is EMOJI_CARD_BUNDLE, the
 * Battle Pass's free tier 22). Only its owner may send its emojis; everyone sees them drawn.
 */
export const CARD_EMOJI_BUNDLES: readonly EmojiBundle[] = [
  {
    hash: EMOJI_CARD_BUNDLE,
    key: 'elite',
    name: 'Elite',
    type: 'emojis',
    tags: ['card'],
    rarity: 3,
    content: (
      [['goat', '🐐'], ['unicorn', '🦄'], ['dragon', '🐉'], ['bolt', '⚡'], ['star', '🌟'], ['alien', '👽'], ['robot', '🤖'], ['ghost', '👻'], ['ninja', '🥷'], ['medal', '🥇'], ['boom', '💥'], ['eyes', '👀']] as const
    ).map(([token, emoji], index) => ({ index, token, emoji })),
  },
];

/**
 * What chat.messages serves a viewer: the free packs, then the card packs, tagged 'locked'
 * unless the viewer unlocked them (the picker leaves those out; messages still draw them).
 */
export function emojiBundlesFor(unlocked: readonly string[]): EmojiBundle[] {
  return [...EMOJI_BUNDLES, ...CARD_EMOJI_BUNDLES.map((b) => (unlocked.includes(b.hash) ? b : { ...b, tags: [...b.tags, 'locked'] }))];
}

/** The card pack keys a text uses that the sender has not unlocked (chat.send refuses them). */
export function lockedEmojiKeys(text: string, unlocked: readonly string[]): string[] {
  const locked = new Set(CARD_EMOJI_BUNDLES.filter((b) => !unlocked.includes(b.hash)).map((b) => b.key));
  if (locked.size === 0) return [];
  return [...new Set([...text.matchAll(EMOJI_CODE)].map((m) => m[1]!).filter((key) => locked.has(key)))];
}
