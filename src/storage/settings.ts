/**
 * The player's settings (document 1 section 3 'Stored settings'). The ones the first paint
 * needs (performance mode, sound, notifications, effects) are read synchronously from
 * localStorage; all of them are kept in IndexedDB through Dexie, which loads after the first
 * paint (docs/design.md section 8). Every change is written to both.
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
  auto_spin: boolean;
  fast_spin: boolean;
  lightning: boolean;
  lightning_plus: boolean;
  risk_level: RiskLevel;
  parallax: boolean;
  /** Decorative interface effects (glows, holiday decorations). */
  ui_effects: boolean;
  /** Frames per second cap of the canvas; 0 is none. */
  fps_limit: number;
  messages_mute: boolean;
  /** Last check-in, ms. */
  checkin_time: number;
  send_login: boolean;
  /** The frame-rate probe has run once; it does not switch performance mode on again. */
  performance_checked: boolean;
}

/**
 * Defaults: sound on (the spec gives 0.75 and 0.2 as default volumes; 0.2 is taken so that
 * the first reveal does not startle), lightning on, notifications and assistant on.
 */
export const DEFAULT_SETTINGS: Readonly<Settings> = {
  locale: 'en',
  sound: true,
  volume: 0.2,
  performance: false,
  notifications: true,
  assistant: true,
  auto_spin: false,
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

/** Settings the first paint reads, kept in localStorage as well. */
export const FIRST_PAINT_KEYS = ['locale', 'sound', 'volume', 'performance', 'notifications', 'ui_effects', 'parallax', 'performance_checked'] as const satisfies readonly (keyof Settings)[];

/** localStorage key of the first-paint settings. */
export const SETTINGS_KEY = 'settings';

/** Keeps only known keys whose values have the default's type. */
export function sanitizeSettings(raw: unknown): Partial<Settings> {
  if (!raw || typeof raw !== 'object') return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!Object.hasOwn(DEFAULT_SETTINGS, key)) continue;
    if (typeof value !== typeof DEFAULT_SETTINGS[key as keyof Settings]) continue;
    if (key === 'volume' && (typeof value !== 'number' || value < 0 || value > 1)) continue;
    out[key] = value;
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

const store = createStore<Settings>({ ...DEFAULT_SETTINGS, ...sanitizeSettings(readStored(SETTINGS_KEY)) });

/** The settings now. */
export const getSettings = store.get;
/** Follows the settings in a component. */
export const useSettings = store.use;
/** Listens to every change. */
export const subscribeSettings = store.subscribe;

function writeFirstPaint(settings: Settings): void {
  const subset: Partial<Settings> = {};
  for (const key of FIRST_PAINT_KEYS) (subset as Record<string, unknown>)[key] = settings[key];
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(subset));
  } catch {
    // Private mode without storage: settings last for this visit.
  }
}

/** Changes one setting, here and in both stores. */
export function setSetting<K extends keyof Settings>(key: K, value: Settings[K]): void {
  const next = { ...store.get(), [key]: value };
  store.set(next);
  writeFirstPaint(next);
  void import('./db.ts')
    .then(({ arenaDb }) => arenaDb().settings.put({ key, value }))
    .catch((error: unknown) => console.warn('settings not saved', error));
}

let hydrated: Promise<void> | null = null;

/** Reads the settings kept in IndexedDB into the store (once, after the first paint). */
export function hydrateSettings(): Promise<void> {
  hydrated ??= import('./db.ts')
    .then(async ({ arenaDb }) => {
      const rows = await arenaDb().settings.toArray();
      const saved = sanitizeSettings(Object.fromEntries(rows.map((row) => [row.key, row.value])));
      // localStorage is written first on every change, so it wins for the keys it holds.
      const firstPaint = sanitizeSettings(readStored(SETTINGS_KEY));
      store.set({ ...store.get(), ...saved, ...firstPaint });
    })
    .catch((error: unknown) => console.warn('settings not read', error));
  return hydrated;
}
