/**
 * What the assistant keeps on this device: a visitor's markers (a player's live on the
 * server too), the scenarios cooling down after a skip or a leave, and the shut-up time.
 */
const KEY = 'assistant';

/** The assistant's state on this device. */
export interface DeviceState {
  marks: Record<string, number>;
  cooldowns: Record<string, number>;
  shutUpUntil: number;
}

const numbers = (v: unknown): Record<string, number> =>
  v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).filter((e): e is [string, number] => typeof e[1] === 'number')) : {};

/** Reads the state; anything unreadable counts as empty. */
export function readDeviceState(): DeviceState {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<DeviceState>;
    return { marks: numbers(raw.marks), cooldowns: numbers(raw.cooldowns), shutUpUntil: typeof raw.shutUpUntil === 'number' ? raw.shutUpUntil : 0 };
  } catch {
    return { marks: {}, cooldowns: {}, shutUpUntil: 0 };
  }
}

/** Writes the state (private mode without storage: it lasts the tab). */
export function writeDeviceState(state: DeviceState): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    // Nothing to keep it in; the next visit starts over.
  }
}
