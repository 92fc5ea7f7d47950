import { describe, expect, test } from 'vitest';
import { applicationPolicy, atlasLayout, batchTextures, DISPLAY_FRAME_MS, MAX_BATCH_TEXTURES, nextFrame, percentile, resolutionFor } from '../../src/gfx/render-policy.ts';

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

  test('a capped loop asks for the display frame nearest each due time, averaging the cap without bursts', () => {
    // Drawn at 33.3 for a frame due at 40 (a 60 Hz display): the next is due at 80, asked for half a display frame early.
    expect(nextFrame(1000 / 30, 40, 25)).toEqual({ due: 80, delayMs: 80 - 1000 / 30 - DISPLAY_FRAME_MS / 2 });
    // Played out on a 60 Hz display, the frames fall at 33 and 50 ms and average 40.
    const vsync = (t: number) => Math.ceil(t / DISPLAY_FRAME_MS - 1e-9) * DISPLAY_FRAME_MS;
    let now = 0;
    let due = 0;
    const drawn = [now];
    for (let i = 0; i < 30; i++) {
      const next = nextFrame(now, due, 25);
      due = next.due;
      now = vsync(now + next.delayMs);
      drawn.push(now);
    }
    const intervals = drawn.slice(1).map((t, i) => Math.round(t - drawn[i]!));
    expect(new Set(intervals)).toEqual(new Set([33, 50]));
    expect((drawn.at(-1)! - drawn[0]!) / 30).toBeCloseTo(40, 0);
    // A loop held up for a whole interval or more starts again from now: no burst of frames to catch up.
    expect(nextFrame(500, 100, 25)).toEqual({ due: 540, delayMs: 40 - DISPLAY_FRAME_MS / 2 });
    // Drawn late but within the interval, it keeps its cadence.
    expect(nextFrame(130, 100, 25).due).toBe(140);
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
