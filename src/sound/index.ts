/**
 * The arena's sounds through howler (docs/design.md section 8): one generated sprite, the player's
 * volume and mute, and the balance-change tiers (document 1 section 9). Howler and the sprite
 * load after the first paint; a sound asked for before then plays once they are in.
 */
import type { Howl } from 'howler';
import { balanceSoundTier } from '../core/money.ts';
import { getSettings, subscribeSettings } from '../storage/settings.ts';
import { isActiveTab } from '../ui/active-tab.ts';
import { SPRITE, SPRITE_URL, type SoundName } from './sprite-map.ts';

export type { SoundName } from './sprite-map.ts';

let howl: Promise<Howl> | null = null;

function load(): Promise<Howl> {
  howl ??= import('howler').then(({ Howl: HowlClass }) => {
    const sound = new HowlClass({ src: [SPRITE_URL], sprite: SPRITE as unknown as Record<string, [number, number]>, volume: getSettings().volume, preload: true });
    subscribeSettings(() => sound.volume(getSettings().volume));
    return sound;
  });
  howl.catch(() => {
    howl = null;
  });
  return howl;
}

/** Loads howler and the sprite ahead of the first sound (called after the first paint). */
export function preloadSounds(): void {
  if (getSettings().sound) void load().catch(() => undefined);
}

/** Plays one sound unless the player turned sound off or another of their tabs is the active one. */
export function playSound(name: SoundName): void {
  const { sound, volume } = getSettings();
  if (!sound || volume <= 0 || !isActiveTab()) return;
  load().then(
    (sprite) => {
      sprite.play(name);
      // What played, for whoever listens (the end-to-end tests cannot hear audio).
      window.dispatchEvent(new CustomEvent('arena-sound', { detail: name }));
    },
    () => undefined,
  );
}

/** The sound of a balance change: ten tiers by the amount in coins, either sign. */
export function balanceSound(cents: number): SoundName {
  return `cash${balanceSoundTier(cents)}` as SoundName;
}

/** Plays the balance-change sound of a change of `cents`. */
export function playBalanceChange(cents: number): void {
  playSound(balanceSound(cents));
}
