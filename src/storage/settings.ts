/**
 * The player's settings (document 1 section 3 'Stored settings'), read synchronously from
 * localStorage at start. Every change writes the whole copy there at once, and to IndexedDB
 * through Dexie, which loads only when a setting changes (docs/design.md section 8).
 */
import { createStore } from '../ui/store.ts';

/** Risk levels of the chicken game (max damage 100, 150, 300). */
export type RiskLevel = 'low' | 'medium' | 'high';

/** Everything a player can set. */
export interface Settings {
  /** Only en is enabled; es and ua render English. */
  locale: 'en' | 'es' | 'ua';
  sound: boolean;
  /** 0..1. */
  volume: number;
  /** Lower resolution, no particles or effects (document 1 section 4 'Performance mode'). */
  performance: boolean;
  /** Toasts show only when this is on. */
  notifications: boolean;
  assistant: boolean;
  /** The assistant's lines are read aloud by the browser's speech synthesis (the header's voice assistant toggle). */
  voice: boolean;
  /** A new unbox game's first roll spins as soon as its page opens; off, it waits for Spin. */
  auto_spin: boolean;
  fast_spin: boolean;
  /** After a reveal the next roll of the game spins by itself. */
  lightning: boolean;
  /** Lightning's rolls after the first land at once, without the spin. */
  lightning_plus: boolean;
  risk_level: RiskLevel;
  /** The case art follows the pointer (a parallax tilt). */
  parallax: boolean;
  /** Decorative interface effects (glows, holiday decorations). */
  ui_effects: boolean;
  /** Frames per second cap of the canvas; 0 is none, else FPS_LIMIT_RANGE. */
  fps_limit: number;
  /** Other players' messages on a battle's page are hidden. */
  messages_mute: boolean;
  /** Last check-in, ms. */
  checkin_time: number;
  send_login: boolean;
  /** The frame-rate probe has run once; it does not switch performance mode on again. */
  performance_checked: boolean;
}

/**
 * Defaults: sound on (the spec gives 0.75 and 0.2 as default volumes; 0.2 is taken so that
 * the first reveal does not startle), lightning on, notifications and assistant on, the voice
 * off (docs/decisions/0052), auto spin on (a new game spun at once before it was a setting).
 */
export const DEFAULT_SETTINGS: Readonly<Settings> = {
  locale: 'en',
  sound: true,
  volume: 0.2,
  performance: false,
  notifications: true,
  assistant: true,
  voice: false,
  auto_spin: true,
  fast_spin: false,
  lightning: true,
  lightning_plus: true,
  risk_level: 'low',
  parallax: true,
  ui_effects: true,
  fps_limit: 0,
  messages_mute: false,
  checkin_time: 0,
  send_login: false,
  performance_checked: false,
};

/**
 * localStorage key of a copy of every setting, written at once on each change. IndexedDB's
 * copy is written a task or more later, after its library has loaded: a player who changes a
 * setting and reloads at once (or a first paint) reads this one.
 */
export const SETTINGS_KEY = 'settings';

/** The frame caps a player may set besides 0 (none): from 15 to 240 frames per second. */
export const FPS_LIMIT_RANGE = { min: 15, max: 240 } as const;

/** The languages the locale setting may hold (document 1 section 1: en, es, ua listed). */
const LOCALES: readonly string[] = ['en', 'es', 'ua'];
const RISK_LEVELS: readonly string[] = ['low', 'medium', 'high'];

/** Why a value cannot be stored under a key, in the player's words; null when it can. */
export function settingProblem(key: string, value: unknown): string | null {
  if (!Object.hasOwn(DEFAULT_SETTINGS, key)) return `${key}: not a setting`;
  const expected = typeof DEFAULT_SETTINGS[key as keyof Settings];
  if (typeof value !== expected) return `${key}: expected a ${expected}`;
  if (key === 'fps_limit') {
    const n = value as number;
    if (!Number.isInteger(n) || (n !== 0 && (n < FPS_LIMIT_RANGE.min || n > FPS_LIMIT_RANGE.max))) return `FPS limit: 0 (no limit) or a whole number from ${FPS_LIMIT_RANGE.min} to ${FPS_LIMIT_RANGE.max}`;
  }
  if (key === 'volume' && ((value as number) < 0 || (value as number) > 1 || Number.isNaN(value))) return 'Volume: from 0 to 1';
  if (key === 'locale' && !LOCALES.includes(value as string)) return `Language: one of ${LOCALES.join(', ')}`;
  if (key === 'risk_level' && !RISK_LEVELS.includes(value as string)) return `Risk level: one of ${RISK_LEVELS.join(', ')}`;
  return null;
}

/** A setting refused by settingProblem: nothing was changed. */
export class SettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SettingError';
  }
}

/** Keeps only known keys whose values pass settingProblem (a stored value out of range is dropped). */
export function sanitizeSettings(raw: unknown): Partial<Settings> {
  if (!raw || typeof raw !== 'object') return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (settingProblem(key, value) === null) out[key] = value;
  }
  return out as Partial<Settings>;
}

/**
 * Reads a JSON entry of localStorage; an entry that does not parse is logged as the spec
 * words it ('Store parse Data error') and erased.
 */
export function readStored(key: string): unknown {
  let text: string | null = null;
  try {
    text = localStorage.getItem(key);
  } catch {
    return null;
  }
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    console.error('Store parse Data error', key);
    try {
      localStorage.removeItem(key);
    } catch {
      // Storage refused: nothing more to erase.
    }
    return null;
  }
}

/** The copy in localStorage as this page found it, before any change of this page's. */
const startCopy = readStored(SETTINGS_KEY);
const store = createStore<Settings>({ ...DEFAULT_SETTINGS, ...sanitizeSettings(startCopy) });

/** Keys this page changed: newer than any copy, whichever store holds it. */
const changedHere = new Set<keyof Settings>();

/** The settings now. */
export const getSettings = store.get;
/** Follows the settings in a component. */
export const useSettings = store.use;
/** Listens to every change. */
export const subscribeSettings = store.subscribe;

function writeLocalCopy(settings: Settings): void {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Private mode without storage: settings last for this visit.
  }
}

/**
 * Changes one setting, here and in both stores. A value out of its range throws SettingError
 * and changes nothing.
 */
export function setSetting<K extends keyof Settings>(key: K, value: Settings[K]): void {
  const problem = settingProblem(key, value);
  if (problem !== null) throw new SettingError(problem);
  const next = { ...store.get(), [key]: value };
  changedHere.add(key);
  store.set(next);
  writeLocalCopy(next);
  void import('./storage-client.ts')
    .then(({ inStorage }) => inStorage((storage) => storage.putSetting({ key, value })))
    .catch((error: unknown) => console.warn('settings not saved', error));
}

let hydrated: Promise<void> | null = null;

/**
 * The keys IndexedDB may hold that the store did not start with. Every change writes the whole
 * copy in localStorage, which the store starts from: without that copy nothing was ever
 * stored, and a copy of every key is the newest. Only a copy written before it held every
 * setting (it held those of the first paint) lacks some, and sends the app to IndexedDB.
 */
const missingAtStart: readonly (keyof Settings)[] =
  startCopy === null ? [] : (Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]).filter((key) => typeof startCopy !== 'object' || !(key in startCopy));

/**
 * Resolves once the player's saved settings are in the store (at once unless IndexedDB may
 * add to them). What the page does by itself on a stored setting (a game that spins as it
 * opens) waits for this: on a page opened directly the game can be there first.
 */
export function settingsLoaded(): Promise<void> {
  return missingAtStart.length > 0 ? hydrateSettings() : Promise.resolve();
}

/** Reads the settings kept in IndexedDB into the store (once, after the first paint). */
export function hydrateSettings(): Promise<void> {
  hydrated ??= import('./storage-client.ts')
    .then(async ({ inStorage }) => {
      const rows = await inStorage((storage) => storage.readSettings());
      const saved = sanitizeSettings(Object.fromEntries(rows.map((row) => [row.key, row.value])));
      // IndexedDB fills only what the start's copy lacked and this page has not changed since:
      // the local copy is written first on every change, so it is newer for the keys it held.
      const filled = Object.fromEntries(missingAtStart.filter((key) => key in saved && !changedHere.has(key)).map((key) => [key, saved[key]]));
      const next: Settings = { ...store.get(), ...filled };
      store.set(next);
      writeLocalCopy(next);
    })
    .catch((error: unknown) => console.warn('settings not read', error));
  return hydrated;
}
