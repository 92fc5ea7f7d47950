/**
 * Wave's playback through howler. A track is the build's Ogg Opus file of its seed
 * (scripts/radio-tracks.ts); without one it is rendered here from the seed (src/core/radio-synth),
 * wrapped as WAV and handed to howler as a blob URL. It is played from the station's elapsed
 * offset on the server's clock, so every listener hears the same moment. Nothing plays before
 * the player taps Listen now (enable()); the sound setting mutes it, the radio's own volume
 * (spec: 0 to 1, 0.4 to start) sets its level.
 */
import type * as HowlerModule from 'howler';
import type { Howl } from 'howler';
import { encodeWav, planSong, radioTrackFile, renderSong, seedOfSource, RADIO_SAMPLE_RATE } from '../../core/index.ts';
import { getSettings, subscribeSettings } from '../../storage/settings.ts';
import { createStore } from '../../ui/store.ts';
import { holdStation, serverNow, soundOf, station } from './station.ts';

/** Spec: play volume 0.4. */
export const DEFAULT_RADIO_VOLUME = 0.4;
const VOLUME_KEY = 'radio_volume';
/** How far playback may wander from the station's clock before it is put back, in seconds. */
const MAX_DRIFT_S = 0.5;

function savedVolume(): number {
  const stored = Number(globalThis.localStorage?.getItem(VOLUME_KEY) ?? NaN);
  return Number.isFinite(stored) && stored >= 0 && stored <= 1 ? stored : DEFAULT_RADIO_VOLUME;
}

export interface PlayerState {
  enabled: boolean;
  /** The sound howler is playing (or loading). */
  soundId: string | null;
  loading: boolean;
  volume: number;
}

/** The player store. */
export const player = createStore<PlayerState>({ enabled: false, soundId: null, loading: false, volume: savedVolume() });
const patch = (change: Partial<PlayerState>) => player.set({ ...player.get(), ...change });

let howler: typeof HowlerModule | null = null;
let howl: Howl | null = null;
let analyser: AnalyserNode | null = null;
let releaseStation: (() => void) | null = null;
let unfollow: (() => void) | null = null;

// The built tracks (Ogg Opus under /assets/, scripts/radio-tracks.ts) are used while they
// load; once one is missing (a dev server, a build without Chromium) tracks are rendered here.
let builtTracks = true;
const builtUrl = (seed: number) => `/assets/${radioTrackFile(seed)}`;

// Tracks rendered here by seed: the one playing and the one announced next; older ones are freed.
const rendered = new Map<number, string>();
function renderedUrl(seed: number): string {
  const known = rendered.get(seed);
  if (known) return known;
  const plan = planSong(seed);
  const url = URL.createObjectURL(new Blob([encodeWav(renderSong(plan), RADIO_SAMPLE_RATE)], { type: 'audio/wav' }));
  rendered.set(seed, url);
  while (rendered.size > 3) {
    const [oldest, oldUrl] = rendered.entries().next().value!;
    rendered.delete(oldest);
    URL.revokeObjectURL(oldUrl);
  }
  return url;
}

/** Gets the announced track ready during the hint: the built file into the HTTP cache, or rendered. */
function prepare(seed: number): void {
  if (builtTracks) void fetch(builtUrl(seed)).catch(() => undefined);
  else if (!rendered.has(seed)) setTimeout(() => renderedUrl(seed), 0);
}

const effectiveVolume = () => (getSettings().sound ? player.get().volume : 0);

/** Sets the radio's own volume (0 to 1) and keeps it for next time. */
export function setRadioVolume(volume: number): void {
  const v = Math.min(1, Math.max(0, volume));
  patch({ volume: v });
  globalThis.localStorage?.setItem(VOLUME_KEY, String(v));
  howl?.volume(effectiveVolume());
}

function stopHowl(): void {
  howl?.unload();
  howl = null;
}

/** Plays what the station says plays now, from its elapsed offset; idles between slots. */
function sync(): void {
  const { enabled, soundId } = player.get();
  if (!enabled || !howler) return;
  const { current, next } = station.get();
  if (next) {
    // Ready the announced track during the hint, so the change costs no wait.
    const nextSeed = seedOfSource(soundOf(next.id)?.source ?? '');
    if (nextSeed !== null) prepare(nextSeed);
  }
  if (!current || serverNow() >= current.end_time) {
    if (soundId) {
      stopHowl();
      patch({ soundId: null });
    }
    return;
  }
  if (soundId === current.id && howl) {
    // The audio clock can drift from the server's (a busy machine, a suspended tab): past
    // half a second the player jumps back to where every other listener is.
    const at = howl.playing() ? howl.seek() : null;
    const expected = (serverNow() - current.start_time) / 1000;
    if (typeof at === 'number' && Math.abs(at - expected) > MAX_DRIFT_S && expected < howl.duration()) howl.seek(expected);
    return;
  }
  const sound = soundOf(current.id);
  const seed = seedOfSource(sound?.source ?? '');
  if (!sound || seed === null) return;
  stopHowl();
  patch({ soundId: current.id, loading: true });
  play(seed, current, builtTracks);
}

/** Plays a track from the slot's elapsed offset: the built file, or (when it is missing) the track rendered here. */
function play(seed: number, slot: NonNullable<ReturnType<typeof station.get>['current']>, built: boolean): void {
  if (!howler) return;
  const created = new howler.Howl(built ? { src: [builtUrl(seed)], format: ['ogg'], volume: effectiveVolume() } : { src: [renderedUrl(seed)], format: ['wav'], volume: effectiveVolume() });
  howl = created;
  created.once('load', () => {
    if (howl !== created) return;
    const offset = (serverNow() - slot.start_time) / 1000;
    if (offset >= created.duration()) return;
    const id = created.play();
    created.seek(Math.max(0, offset), id);
    patch({ loading: false });
  });
  created.once('loaderror', () => {
    if (howl !== created) return;
    if (built) {
      builtTracks = false;
      play(seed, slot, false);
      return;
    }
    patch({ loading: false });
  });
}

/** Starts listening: only ever called from a tap (browsers refuse sound before one anyway). */
export async function enableRadio(): Promise<void> {
  if (player.get().enabled) return;
  patch({ enabled: true });
  releaseStation = holdStation();
  howler ??= await import('howler');
  if (!player.get().enabled) return;
  void howler.Howler.ctx?.resume();
  const offStation = station.subscribe(sync);
  const offSettings = subscribeSettings(() => howl?.volume(effectiveVolume()));
  unfollow = () => {
    offStation();
    offSettings();
  };
  sync();
}

/** Stops the audio and lets go of the station. */
export function disableRadio(): void {
  patch({ enabled: false, soundId: null, loading: false });
  unfollow?.();
  unfollow = null;
  stopHowl();
  releaseStation?.();
  releaseStation = null;
}

/** Where playback is, in seconds into the current sound (null when nothing plays). */
export function playbackPosition(): number | null {
  if (!howl || !howl.playing()) return null;
  const at = howl.seek();
  return typeof at === 'number' ? at : null;
}

/**
 * An analyser of everything howler plays (the radio and the arena's own sounds), for the
 * spectrum; null until howler runs on Web Audio.
 */
export function radioAnalyser(): AnalyserNode | null {
  if (analyser) return analyser;
  const h = howler?.Howler;
  if (!h?.ctx || !h.masterGain) return null;
  analyser = h.ctx.createAnalyser();
  analyser.fftSize = 128;
  analyser.smoothingTimeConstant = 0.75;
  h.masterGain.connect(analyser);
  return analyser;
}
