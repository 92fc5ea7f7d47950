import { describe, expect, test } from 'vitest';
import { RADIO_LIBRARY, seedOfSource, synthSource } from '../../src/core/radio-library.ts';
import { encodeWav, planSong, RADIO_SAMPLE_RATE, renderSong } from '../../src/core/radio-synth.ts';

describe('the radio synth', () => {
  test('a seed always composes and renders the same track, as long as its plan says', () => {
    const plan = planSong(RADIO_LIBRARY[0]!.seed);
    expect(planSong(RADIO_LIBRARY[0]!.seed)).toEqual(plan);
    const a = renderSong(plan);
    expect(a.length).toBe(Math.ceil((plan.durationMs / 1000) * RADIO_SAMPLE_RATE));
    expect(renderSong(plan)).toEqual(a);
    expect(a.reduce((peak, v) => Math.max(peak, Math.abs(v)), 0)).toBeLessThanOrEqual(0.95);
    // Not silence: the middle of the track carries signal.
    const middle = a.subarray(a.length / 2, a.length / 2 + RADIO_SAMPLE_RATE);
    expect(Math.sqrt(middle.reduce((s, v) => s + v * v, 0) / middle.length)).toBeGreaterThan(0.02);
  });

  test('the library holds a few minutes of distinct tracks', () => {
    const plans = RADIO_LIBRARY.map((t) => planSong(t.seed));
    const minutes = plans.reduce((s, p) => s + p.durationMs, 0) / 60_000;
    expect(minutes).toBeGreaterThan(3);
    expect(minutes).toBeLessThan(10);
    expect(new Set(RADIO_LIBRARY.map((t) => t.seed)).size).toBe(RADIO_LIBRARY.length);
  });

  test('a source names its seed and reads back', () => {
    expect(seedOfSource(synthSource(4_000_000_000))).toBe(4_000_000_000);
    expect(seedOfSource('https://elsewhere/song.mp3')).toBeNull();
  });

  test('WAV bytes carry a 16-bit mono header and every sample', () => {
    const wav = encodeWav(new Float32Array([0, 1, -1, 2]));
    const view = new DataView(wav.buffer);
    expect(new TextDecoder().decode(wav.subarray(0, 4))).toBe('RIFF');
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(RADIO_SAMPLE_RATE);
    expect(view.getUint32(40, true)).toBe(8);
    expect([view.getInt16(44, true), view.getInt16(46, true), view.getInt16(48, true), view.getInt16(50, true)]).toEqual([0, 32_767, -32_767, 32_767]);
  });
});
