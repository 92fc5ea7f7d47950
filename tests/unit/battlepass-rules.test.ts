import { describe, expect, test } from 'vitest';
import { BP_TIERS, bpReward, bpScheme, bpSeasonAt, bpSeasonBounds, bpTierOf, pickResource, AVATAR_RESOURCES, EMOJI_CARD_BUNDLE, PATTERN_RESOURCES, RARITY_TIER_STYLE } from '../../src/core/index.ts';

describe('Battle Pass rules', () => {
  test('a tier opens exactly at each 1,000 season experience, up to 30; the upgrade adds five', () => {
    expect([0, 999, 1_000, 1_999, 2_000, 29_999, 30_000, 1_000_000].map((exp) => bpTierOf(exp))).toEqual([0, 0, 1, 1, 2, 29, 30, 30]);
    expect(bpTierOf(0, true)).toBe(5);
    expect(bpTierOf(26_000, true)).toBe(BP_TIERS);
  });

  test('a season is 90 days on the clock and the next begins where it ends', () => {
    const now = Date.UTC(2026, 10, 26);
    const { from, to } = bpSeasonBounds(bpSeasonAt(now));
    expect(to - from).toBe(90 * 86_400_000);
    expect(from).toBeLessThanOrEqual(now);
    expect(to).toBeGreaterThan(now);
    expect(bpSeasonAt(to)).toBe(bpSeasonAt(now) + 1);
    expect(bpSeasonAt(to - 1)).toBe(bpSeasonAt(now));
  });

  test('rewards run from Low to Ultra and every tier has both tracks', () => {
    const scheme = bpScheme();
    expect(scheme).toHaveLength(30);
    expect(scheme[0]!.free.rarity).toBe('low');
    expect(scheme[29]!.free.rarity).toBe('ultra');
    expect(new Set(scheme.map((t) => t.premium.rarity))).toEqual(new Set(['low', 'medium', 'high', 'gold', 'ultra']));
    expect(bpReward(30, 'premium').level).toBe(15);
  });

  test('pattern packs on premium tiers 6, 14, 22, 30 and the emoji pack on free tier 22; eight patterns from Low to Ultra', () => {
    const scheme = bpScheme();
    expect(scheme.filter((t) => t.premium.kind === 'pattern_unpack').map((t) => t.tier)).toEqual([6, 14, 22, 30]);
    expect(scheme.filter((t) => t.premium.kind === 'avatar_unpack').map((t) => t.tier)).toEqual([2, 10, 18, 26]);
    expect(scheme.filter((t) => t.free.kind === 'emojis').map((t) => [t.tier, t.free.detail])).toEqual([[22, EMOJI_CARD_BUNDLE]]);
    expect(PATTERN_RESOURCES).toHaveLength(8);
    expect(new Set(PATTERN_RESOURCES.map((r) => r.rarity))).toEqual(new Set(['low', 'medium', 'high', 'gold', 'ultra']));
    expect(PATTERN_RESOURCES.every((r) => r.type === 'pattern' && /^\/patterns\/\d\.svg$/.test(r.image))).toBe(true);
    expect(pickResource(PATTERN_RESOURCES, 0.999_999_999)).toBe(PATTERN_RESOURCES.at(-1));
  });

  test('a pack draws by odds: the lowest unit gives the first avatar, the highest the last', () => {
    expect(pickResource(AVATAR_RESOURCES, 0)).toBe(AVATAR_RESOURCES[0]);
    expect(pickResource(AVATAR_RESOURCES, 0.999_999_999)).toBe(AVATAR_RESOURCES.at(-1));
    expect(AVATAR_RESOURCES.every((r) => r.stars === RARITY_TIER_STYLE[r.rarity].stars)).toBe(true);
  });
});
