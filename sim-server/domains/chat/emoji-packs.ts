/**
 * The chat's emoji bundles (document 1 section 3 'Reaction bundle', document 2 'Emoji
 * bundle'). Emojis are Unicode glyphs, so the packs cost no art and work offline; a message
 * carries them as `::{key}_{index}::`.
 */
import type { EmojiBundle } from '../../../src/contract/index.ts';
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

/** The bundles chat.messages serves. */
export const EMOJI_BUNDLES: readonly EmojiBundle[] = PACKS.map((pack, i) => ({
  hash: toHash(100 + i),
  key: pack.key,
  name: pack.name,
  type: 'emojis',
  tags: ['free'],
  rarity: pack.rarity,
  content: pack.glyphs.map(([token, emoji], index) => ({ index, token, emoji })),
}));
