/**
 * Default avatars (document 1 section 5: the index is a keyed hash of the user hash modulo
 * 20). The keyed hash is HalfSipHash-2-4 with a 32-bit tag: made for short inputs, a few
 * dozen lines of 32-bit arithmetic, synchronous (an avatar renders in the first paint, so
 * WebCrypto's promise does not fit) and much smaller than an HMAC library on the first page.
 * The key only spreads players over the pictures; it guards nothing.
 */

/** How many default avatars there are (document 1 section 9). */
export const DEFAULT_AVATAR_COUNT = 20;

/** The fixed 8-byte key, as two little-endian words ("SFavatar"). */
const AVATAR_KEY: readonly [number, number] = [0x76614653, 0x72617461];

const utf8 = new TextEncoder();

const rotl = (x: number, b: number) => ((x << b) | (x >>> (32 - b))) >>> 0;

/** HalfSipHash-2-4 of `bytes` under an 8-byte key given as two little-endian words; the 32-bit tag as a number. */
export function halfSipHash24(bytes: Uint8Array, key: readonly [number, number]): number {
  let v0 = key[0] >>> 0;
  let v1 = key[1] >>> 0;
  let v2 = (0x6c796765 ^ key[0]) >>> 0;
  let v3 = (0x74656462 ^ key[1]) >>> 0;
  const round = () => {
    v0 = (v0 + v1) >>> 0; v1 = rotl(v1, 5); v1 ^= v0; v0 = rotl(v0, 16);
    v2 = (v2 + v3) >>> 0; v3 = rotl(v3, 8); v3 ^= v2;
    v0 = (v0 + v3) >>> 0; v3 = rotl(v3, 7); v3 ^= v0;
    v2 = (v2 + v1) >>> 0; v1 = rotl(v1, 13); v1 ^= v2; v2 = rotl(v2, 16);
  };
  const absorb = (m: number) => {
    v3 ^= m;
    round();
    round();
    v0 ^= m;
  };
  const whole = bytes.length - (bytes.length % 4);
  for (let i = 0; i < whole; i += 4) absorb((bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24)) >>> 0);
  // The last block: the remaining bytes, with the length's low byte on top.
  let last = (bytes.length & 0xff) << 24;
  for (let i = whole; i < bytes.length; i += 1) last |= bytes[i]! << (8 * (i - whole));
  absorb(last >>> 0);
  v2 ^= 0xff;
  for (let i = 0; i < 4; i += 1) round();
  return (v1 ^ v3) >>> 0;
}

/** Which of the 20 default avatars a player has: the same on every page, in battles and on the server. */
export function defaultAvatarIndex(userHash: string): number {
  return halfSipHash24(utf8.encode(userHash), AVATAR_KEY) % DEFAULT_AVATAR_COUNT;
}

/** The picture of a default avatar (public/avatars/default/{index}.svg). */
export function defaultAvatarUrl(userHash: string): string {
  return `/avatars/default/${defaultAvatarIndex(userHash)}.svg`;
}
