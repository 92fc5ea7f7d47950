/**
 * What the player hears, observed in the page's own audio graph rather than in the app's
 * state: an init script wraps the Web Audio and media element entry points before the app
 * runs, counts every buffer source started and media element played (with whether a tap or
 * key press had happened yet), and taps everything connected to an audio destination into an
 * analyser, so a test reads the actual output level. The sound setting is switched in the
 * settings popover, as a player does.
 */
import type { Page } from '@playwright/test';
import { balanceSoundTier } from '../../src/core/money.ts';
import { SPRITE } from '../../src/sound/sprite-map.ts';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, header, operatorHeaders, signInByApi } from './helpers.ts';

interface AudioProbe {
  /**
   * Buffer sources started with something to hear (howler's 1-sample silent unlock buffer is
   * not counted) and media elements played, each with whether a gesture came first.
   */
  starts: { afterGesture: boolean; seconds: number; offset: number }[];
  gestured: boolean;
  /** decodeAudioData calls that decoded, and that failed (a track that did not decode would be rendered in the page instead). */
  decoded: { ok: number; failed: number };
  /** AudioContexts constructed. */
  contexts: number;
  /** Blob URLs of WAV made in the page (the fallback that renders a track here). */
  renderedTracks: number;
  /** The loudest sample (absolute) reaching any destination right now. */
  level(): number;
  /** The loudest sample seen since the last resetPeak(): the output is sampled every 20 ms (an analyser holds 46 ms). */
  peak: number;
  resetPeak(): void;
}

/** Installed before the app's scripts: the audio probe (window.audioProbe). */
function installAudioProbe() {
  const starts: { afterGesture: boolean; seconds: number; offset: number }[] = [];
  const probe = { starts, gestured: false, decoded: { ok: 0, failed: 0 }, contexts: 0, renderedTracks: 0, level: () => 0, peak: 0, resetPeak: () => undefined as void };
  const Context = window.AudioContext;
  window.AudioContext = class extends Context {
    constructor(options?: AudioContextOptions) {
      super(options);
      probe.contexts += 1;
    }
  };
  const decode = BaseAudioContext.prototype.decodeAudioData;
  BaseAudioContext.prototype.decodeAudioData = function (this: BaseAudioContext, data: ArrayBuffer, ...rest: (DecodeSuccessCallback | DecodeErrorCallback | null | undefined)[]) {
    const done = decode.call(this, data, ...(rest as [DecodeSuccessCallback?, DecodeErrorCallback?]));
    done.then(() => (probe.decoded.ok += 1), () => (probe.decoded.failed += 1));
    return done;
  };
  const createObjectURL = URL.createObjectURL;
  URL.createObjectURL = (object: Blob | MediaSource) => {
    if (object instanceof Blob && object.type === 'audio/wav') probe.renderedTracks += 1;
    return createObjectURL(object);
  };
  for (const type of ['pointerdown', 'keydown', 'touchend']) {
    window.addEventListener(type, () => (probe.gestured = true), { capture: true });
  }
  const startSource = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (this: AudioBufferSourceNode, ...args: Parameters<AudioBufferSourceNode['start']>) {
    const seconds = this.buffer?.duration ?? 0;
    if (seconds > 0.01) starts.push({ afterGesture: probe.gestured, seconds, offset: typeof args[1] === 'number' ? Math.round(args[1] * 1000) : 0 });
    return startSource.apply(this, args);
  };
  const playMedia = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    starts.push({ afterGesture: probe.gestured, seconds: this.duration, offset: Math.round(this.currentTime * 1000) });
    return playMedia.call(this);
  };
  // Everything connected to a destination also feeds an analyser of its context.
  const taps = new Map<BaseAudioContext, AnalyserNode>();
  const connect = AudioNode.prototype.connect as (this: AudioNode, ...args: unknown[]) => unknown;
  AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
    const result = connect.apply(this, args);
    if (args[0] instanceof AudioDestinationNode) {
      let tap = taps.get(this.context);
      if (!tap) {
        tap = this.context.createAnalyser();
        tap.fftSize = 2048;
        taps.set(this.context, tap);
      }
      connect.call(this, tap);
    }
    return result;
  } as AudioNode['connect'];
  probe.level = () => {
    let max = 0;
    const samples = new Float32Array(2048);
    for (const tap of taps.values()) {
      tap.getFloatTimeDomainData(samples);
      for (const s of samples) max = Math.max(max, Math.abs(s));
    }
    return max;
  };
  probe.resetPeak = () => {
    probe.peak = 0;
  };
  setInterval(() => {
    if (taps.size > 0) probe.peak = Math.max(probe.peak, probe.level());
  }, 20);
  Object.assign(window, { audioProbe: probe });
}

type ProbeWindow = Window & { audioProbe: AudioProbe };
const starts = (page: Page) => page.evaluate(() => (window as unknown as ProbeWindow).audioProbe.starts.length);
const startsAfterGesture = (page: Page) => page.evaluate(() => (window as unknown as ProbeWindow).audioProbe.starts.every((s) => s.afterGesture));
const gestured = (page: Page) => page.evaluate(() => (window as unknown as ProbeWindow).audioProbe.gestured);
const level = (page: Page) => page.evaluate(() => (window as unknown as ProbeWindow).audioProbe.level());
const peak = (page: Page) => page.evaluate(() => (window as unknown as ProbeWindow).audioProbe.peak);
const resetPeak = (page: Page) => page.evaluate(() => (window as unknown as ProbeWindow).audioProbe.resetPeak());
/** Audio contexts the page made (none means nothing could have played). */
const contexts = (page: Page) => page.evaluate(() => (window as unknown as ProbeWindow).audioProbe.contexts);

const live = (page: Page) => expect(header(page).getByRole('img', { name: 'Live' })).toBeVisible({ timeout: 20_000 });

/** Flips the Sound switch in the header's settings popover. */
async function setSound(page: Page, on: boolean) {
  await header(page).getByRole('button', { name: 'Settings' }).click();
  const sound = page.getByRole('dialog', { name: 'Settings' }).getByRole('switch', { name: 'Sound', exact: true });
  if ((await sound.isChecked()) !== on) await sound.click();
  await expect(sound).toBeChecked({ checked: on });
  await page.keyboard.press('Escape');
}

/**
 * Samples the output while the radio keeps playing (its position moves on by at least
 * `seconds`): answers the loudest level seen.
 */
async function loudestWhilePlaying(page: Page, seconds: number): Promise<number> {
  const position = () => page.locator('.radio-position').first().evaluate((el: HTMLElement) => ({ sound: el.dataset.sound ?? '', seek: Number(el.dataset.seek || NaN) }));
  let from = await position();
  await resetPeak(page);
  await expect
    .poll(async () => {
      const now = await position();
      // Across a song change (the edges fade to silence) the window starts again in the new
      // song. The song's id can change a sample before its position does (the station's news
      // and the once-a-second sample are apart), so a position that went back, or none, also
      // starts it again.
      if (now.sound !== from.sound || !(now.seek >= from.seek)) from = now;
      return now.seek - from.seek >= seconds;
    }, { timeout: 30_000, intervals: [100] })
    .toBe(true);
  return peak(page);
}

/** Opens the radio hint in the header (it closes when another popover opens). */
async function openRadio(page: Page) {
  await header(page).getByRole('button', { name: 'Radio' }).click();
  const hint = page.getByRole('dialog', { name: 'Wave radio' });
  await expect(hint.locator('.radio-position')).toHaveAttribute('data-sound', /.+/);
  return hint;
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(installAudioProbe);
  await acceptCookiesUpFront(page);
});

test('nothing sounds before the player taps Listen now; then the radio is heard, and the Sound setting silences it', async ({ page }) => {
  test.setTimeout(90_000);
  await signInByApi(page);
  await page.goto('/');
  await live(page);
  // The app is up and signed in: no gesture yet, no audio context, nothing started.
  expect(await gestured(page)).toBe(false);
  expect(await contexts(page)).toBe(0);
  expect(await starts(page)).toBe(0);

  // Opening the radio shows what plays, and still plays nothing until Listen now.
  const hint = await openRadio(page);
  expect(await starts(page)).toBe(0);

  // The track comes as the build's Ogg Opus file, cached for good (docs/decisions/0019).
  const track = page.waitForResponse((r) => /\/assets\/wave-synth-v1-\d+\.ogg$/.test(r.url()));
  await hint.getByRole('button', { name: 'Listen now' }).click();
  const file = await track;
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toMatch(/^audio\/ogg/);
  expect(file.headers()['cache-control']).toContain('immutable');
  expect((await file.body()).subarray(0, 4).toString('latin1')).toBe('OggS');
  await expect.poll(() => starts(page), { timeout: 20_000 }).toBeGreaterThan(0);
  // Every start came after a gesture, and the radio is really heard.
  expect(await startsAfterGesture(page)).toBe(true);
  // The file decoded and plays: no track was rendered in the page instead.
  expect(await page.evaluate(() => (window as unknown as ProbeWindow).audioProbe.decoded)).toMatchObject({ failed: 0 });
  expect(await page.evaluate(() => (window as unknown as ProbeWindow).audioProbe.renderedTracks)).toBe(0);
  expect(await loudestWhilePlaying(page, 1.5)).toBeGreaterThan(0.001);

  // Sound off: the radio goes on (its position moves) and nothing reaches the speakers.
  await setSound(page, false);
  await expect.poll(() => level(page)).toBe(0);
  await openRadio(page);
  expect(await loudestWhilePlaying(page, 1.5)).toBe(0);

  // Sound on again: heard again.
  await setSound(page, true);
  await openRadio(page);
  expect(await loudestWhilePlaying(page, 1.5)).toBeGreaterThan(0.001);
});

test('the Sound setting mutes the arena\'s own sounds', async ({ page }) => {
  test.setTimeout(60_000);
  const name = await signInByApi(page);
  await page.goto('/');
  await live(page);
  const compensate = (coins: string) => page.request.post('/api/sim/compensations', { data: { name, coins }, headers: operatorHeaders() });
  const balance = header(page).getByTestId('balance');

  // Sound off: a balance change starts nothing. Then sound on: the next one is heard.
  await setSound(page, false);
  await compensate('5');
  await expect(balance).toHaveText('Balance 1,005.00');
  expect(await peak(page)).toBe(0);
  await setSound(page, true);
  await compensate('7');
  await expect(balance).toHaveText('Balance 1,012.00');
  // What started is the second change's sound (7 coins: its tier's part of the sprite), and
  // only it: had the first (5 coins, another tier) played, it would be in the list first.
  const offsets = () => page.evaluate(() => (window as unknown as ProbeWindow).audioProbe.starts.map((s) => s.offset));
  expect(balanceSoundTier(500)).not.toBe(balanceSoundTier(700));
  await expect.poll(offsets, { timeout: 10_000 }).toEqual([SPRITE[`cash${balanceSoundTier(700)}` as keyof typeof SPRITE][0]]);
  // And it was heard: the output's peak since the start is the sprite's sound.
  await expect.poll(() => peak(page), { timeout: 10_000 }).toBeGreaterThan(0.001);
});
