import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DEFAULT_AVATAR_COUNT, defaultAvatarIndex, defaultAvatarUrl, halfSipHash24 } from '../../src/core/default-avatar.ts';
import { toHash } from '../../src/core/hash-id.ts';

/** The reference implementation's first vectors_hsip32 tags: key bytes 0..7, message bytes 0..n-1 (little-endian tags). */
const REFERENCE = [
  [0xa9, 0x35, 0x9f, 0x5b],
  [0x27, 0x47, 0x5a, 0xb8],
  [0xfa, 0x62, 0xa6, 0x03],
  [0x8a, 0xfe, 0xe7, 0x04],
  [0x2a, 0x6e, 0x46, 0x89],
  [0xc5, 0xfa, 0xb6, 0x69],
  [0x58, 0x63, 0xfc, 0x23],
  [0x8b, 0xcf, 0x63, 0xc5],
];

describe('default avatars', () => {
  test('the keyed hash is HalfSipHash-2-4: it gives the reference test vectors', () => {
    const key: [number, number] = [0x03020100, 0x07060504];
    REFERENCE.forEach((tag, length) => {
      const message = Uint8Array.from({ length }, (_, i) => i);
      const expected = (tag[0]! | (tag[1]! << 8) | (tag[2]! << 16) | (tag[3]! << 24)) >>> 0;
      expect(halfSipHash24(message, key), `length ${length}`).toBe(expected);
    });
  });

  test('a user hash always gets the same one of 20, and players spread over all of them', () => {
    const counts = Array.from({ length: DEFAULT_AVATAR_COUNT }, () => 0);
    for (let id = 1; id <= 4000; id += 1) {
      const index = defaultAvatarIndex(toHash(id));
      expect(index).toBe(defaultAvatarIndex(toHash(id)));
      counts[index]! += 1;
    }
    // 200 expected per picture; a fair hash stays well inside 140..260.
    for (const count of counts) {
      expect(count).toBeGreaterThan(140);
      expect(count).toBeLessThan(260);
    }
  });

  test('every index has its picture in public/', () => {
    for (let i = 0; i < DEFAULT_AVATAR_COUNT; i += 1) expect(existsSync(join(import.meta.dirname, '../../public/avatars/default', `${i}.svg`))).toBe(true);
    expect(defaultAvatarUrl('SF0000000001')).toMatch(/^\/avatars\/default\/\d{1,2}\.svg$/);
  });
});
