// The radio's music is ours: every track is composed from a 32-bit seed by this module and
// rendered where it plays (docs/decisions/0019-radio-procedural-music.md). The server only
// needs a track's plan (its length, to run the station's clock); the browser renders the
// samples. Pure: no Node, no DOM, so the same plan holds on both sides.
import { randomInt, randomPick, seededRandom, type RandomSource } from './seeded-random.ts';

/** Sample rate of rendered tracks: enough for a small synth, a quarter of CD data. */
export const RADIO_SAMPLE_RATE = 22_050;

const SCALES = {
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  major: [0, 2, 4, 5, 7, 9, 11],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
} as const;

/** Chord progressions as scale degrees (0-based), four bars each. */
const PROGRESSIONS = [
  [0, 5, 3, 4],
  [0, 3, 4, 3],
  [0, 6, 5, 4],
  [0, 4, 5, 3],
  [5, 3, 0, 4],
  [0, 2, 3, 4],
] as const;

/** What a seed composes: everything the renderer and the station's clock need. */
export interface SongPlan {
  seed: number;
  bpm: number;
  /** MIDI note of the key's root (bass register). */
  root: number;
  scale: readonly number[];
  progression: readonly number[];
  bars: number;
  /** Bars without drums at the start and the end. */
  introBars: number;
  /** Eighth-note melody per bar: scale steps above the chord root, or null for a rest. */
  melody: readonly (readonly (number | null)[])[];
  lead: 'square' | 'triangle' | 'saw';
  swing: number;
  durationMs: number;
}

/** Composes a track from its seed; cheap (no samples), so the server can call it freely. */
export function planSong(seed: number): SongPlan {
  const random = seededRandom(seed);
  const bpm = randomInt(random, 88, 128);
  const root = randomInt(random, 40, 47);
  const scale = SCALES[randomPick(random, ['minor', 'dorian', 'major', 'mixolydian'] as const)];
  const progression = randomPick(random, PROGRESSIONS);
  const bars = 4 * randomInt(random, 4, 6);
  const melody = composeMelody(random, 8);
  const lead = randomPick(random, ['square', 'triangle', 'saw'] as const);
  const swing = random() < 0.4 ? 0.12 : 0;
  const beats = bars * 4;
  return { seed, bpm, root, scale, progression, bars, introBars: 2, melody, lead, swing, durationMs: Math.round((beats * 60_000) / bpm) };
}

/** A motif of `count` bars (the tune repeats it with variations), as a bounded random walk. */
function composeMelody(random: RandomSource, count: number): (number | null)[][] {
  const bars: (number | null)[][] = [];
  let step = randomInt(random, 2, 6);
  for (let b = 0; b < count; b++) {
    const bar: (number | null)[] = [];
    for (let e = 0; e < 8; e++) {
      if (random() < (e % 2 === 0 ? 0.18 : 0.42)) {
        bar.push(null);
        continue;
      }
      step = Math.max(0, Math.min(11, step + randomPick(random, [-2, -1, -1, 0, 1, 1, 2, 3, -3])));
      bar.push(step);
    }
    bars.push(bar);
  }
  return bars;
}

const midiToHz = (midi: number): number => 440 * 2 ** ((midi - 69) / 12);

/** A note `steps` scale degrees above the key root, in semitones from the root. */
function degree(scale: readonly number[], steps: number): number {
  const octave = Math.floor(steps / scale.length);
  return octave * 12 + scale[((steps % scale.length) + scale.length) % scale.length]!;
}

type Wave = 'sine' | 'square' | 'triangle' | 'saw';

function oscillator(wave: Wave, phase: number): number {
  const p = phase - Math.floor(phase);
  switch (wave) {
    case 'sine':
      return Math.sin(2 * Math.PI * p);
    case 'square':
      return p < 0.5 ? 0.6 : -0.6;
    case 'triangle':
      return 1 - 4 * Math.abs(p - 0.5);
    case 'saw':
      return 2 * p - 1;
  }
}

/** Adds one note into `out`: attack, decay to sustain, release; an optional pitch drop (drums). */
function addNote(out: Float32Array, rate: number, at: number, length: number, hz: number, gain: number, wave: Wave, drop = 0): void {
  const start = Math.floor(at * rate);
  const count = Math.min(Math.floor(length * rate), out.length - start);
  const attack = Math.min(0.01 * rate, count / 4);
  const release = Math.min(0.08 * rate, count / 3);
  let phase = 0;
  for (let i = 0; i < count; i++) {
    const env = i < attack ? i / attack : i > count - release ? (count - i) / release : 1 - 0.35 * (i / count);
    const f = drop ? hz * (1 + drop * Math.exp(-i / (0.03 * rate))) : hz;
    phase += f / rate;
    out[start + i]! += gain * env * oscillator(wave, phase);
  }
}

/** Adds a noise burst (hats, snare) with an exponential decay. */
function addNoise(out: Float32Array, rate: number, random: RandomSource, at: number, decay: number, gain: number): void {
  const start = Math.floor(at * rate);
  const count = Math.min(Math.floor(decay * 6 * rate), out.length - start);
  let last = 0;
  for (let i = 0; i < count; i++) {
    const white = random() * 2 - 1;
    // A one-pole high-pass keeps the burst bright and out of the bass's way.
    const bright = white - last * 0.6;
    last = white;
    out[start + i]! += gain * bright * Math.exp(-i / (decay * rate));
  }
}

/** Renders a track to mono samples in [-1, 1]; about a million samples for a 45 s track. */
export function renderSong(plan: SongPlan, rate = RADIO_SAMPLE_RATE): Float32Array {
  const out = new Float32Array(Math.ceil((plan.durationMs / 1000) * rate));
  const beat = 60 / plan.bpm;
  const eighth = beat / 2;
  const noise = seededRandom(plan.seed ^ 0x5eed);
  for (let bar = 0; bar < plan.bars; bar++) {
    const t0 = bar * 4 * beat;
    const chord = plan.progression[bar % plan.progression.length]!;
    const chordRoot = plan.root + degree(plan.scale, chord);
    const drums = bar >= plan.introBars && bar < plan.bars - 1;
    // Pad: the triad, held for the bar.
    for (const third of [0, 2, 4]) addNote(out, rate, t0, 4 * beat, midiToHz(plan.root + 12 + degree(plan.scale, chord + third)), 0.05, 'triangle');
    // Bass: root on the beat, fifth on the offbeat of beat 4.
    for (let b = 0; b < 4; b++) addNote(out, rate, t0 + b * beat, beat * 0.9, midiToHz(chordRoot), 0.22, 'sine');
    addNote(out, rate, t0 + 3.5 * beat, eighth * 0.9, midiToHz(chordRoot + 7), 0.14, 'sine');
    // Lead: the motif, an octave up from the second phrase on.
    if (bar >= 1) {
      const motif = plan.melody[bar % plan.melody.length]!;
      const lift = bar >= 8 && bar < plan.bars - 4 ? 12 : 0;
      motif.forEach((step, e) => {
        if (step === null) return;
        const at = t0 + e * eighth + (e % 2 === 1 ? plan.swing * eighth : 0);
        addNote(out, rate, at, eighth * 0.85, midiToHz(plan.root + 24 + lift + degree(plan.scale, chord + step)), 0.07, plan.lead);
      });
    }
    if (!drums) continue;
    for (let b = 0; b < 4; b++) {
      if (b % 2 === 0) addNote(out, rate, t0 + b * beat, 0.22, 48, 0.5, 'sine', 2.5);
      else addNoise(out, rate, noise, t0 + b * beat, 0.045, 0.22);
      for (const half of [0, 0.5]) addNoise(out, rate, noise, t0 + (b + half) * beat, 0.008, 0.08);
    }
  }
  // Fade the edges and keep the mix below clipping.
  let peak = 0;
  for (const v of out) peak = Math.max(peak, Math.abs(v));
  const scale = peak > 0.95 ? 0.95 / peak : 1;
  const fade = Math.floor(rate * 1.5);
  for (let i = 0; i < out.length; i++) {
    const edge = Math.min(1, i / fade, (out.length - 1 - i) / fade);
    out[i] = out[i]! * scale * Math.max(0, edge);
  }
  return out;
}

/** 16-bit PCM WAV bytes of mono samples (what howler and decodeAudioData accept everywhere). */
export function encodeWav(samples: Float32Array, rate = RADIO_SAMPLE_RATE): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(new ArrayBuffer(44 + samples.length * 2));
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(at + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) view.setInt16(44 + i * 2, Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32_767), true);
  return bytes;
}
