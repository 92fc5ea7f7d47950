import { describe, expect, test } from 'vitest';
import { applicationPolicy, atlasLayout, batchTextures, MAX_BATCH_TEXTURES, percentile, resolutionFor } from '../../src/gfx/render-policy.ts';

describe('the renderer policy', () => {
  test('WebGL preferred; performance mode turns antialias off and drops the resolution to 1', () => {
    expect(applicationPolicy({ performance: false, reducedMotion: false }, 3)).toEqual({
      preference: 'webgl',
      antialias: true,
      resolution: 2,
      autoDensity: true,
      backgroundAlpha: 0,
      powerPreference: 'high-performance',
    });
    expect(applicationPolicy({ performance: true, reducedMotion: false }, 3)).toMatchObject({ preference: 'webgl', antialias: false, resolution: 1, powerPreference: 'low-power' });
    expect([resolutionFor(false, 1.5), resolutionFor(false, Number.NaN), resolutionFor(false, 0), resolutionFor(true, 2)]).toEqual([1.5, 1, 1, 1]);
  });

  test('a draw call samples at most four textures, whatever the GPU reports', () => {
    expect(MAX_BATCH_TEXTURES).toBe(4);
    expect([32, 16, 4, 2, 1].map(batchTextures)).toEqual([4, 4, 4, 2, 1]);
    // A context that reports nothing sensible still draws, one texture at a time.
    expect([0, -3, Number.NaN, 2.5].map(batchTextures)).toEqual([1, 1, 1, 1]);
  });

  test('item art packs into a near-square atlas within the size limit, without overlaps', () => {
    const layout = atlasLayout(30, 128, 96, 2048, 2)!;
    expect(layout.width).toBeLessThanOrEqual(2048);
    expect(layout.height).toBeLessThanOrEqual(2048);
    expect(layout.columns * layout.rows).toBeGreaterThanOrEqual(30);
    const keys = new Set(layout.cells.map(({ x, y }) => `${x},${y}`));
    expect(keys.size).toBe(30);
    for (const { x, y } of layout.cells) {
      expect(x + 128).toBeLessThanOrEqual(layout.width);
      expect(y + 96).toBeLessThanOrEqual(layout.height);
      expect(x % 130).toBe(0);
      expect(y % 98).toBe(0);
    }
    expect(atlasLayout(1_000, 256, 192, 2048)).toBeNull();
    expect(atlasLayout(0, 10, 10)).toBeNull();
  });

  test('percentiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect([percentile(values, 50), percentile(values, 95), percentile(values, 100), percentile([7], 50)]).toEqual([50, 95, 100, 7]);
    expect(percentile([], 50)).toBeNaN();
  });
});
