/**
 * The station as this tab knows it: what plays on the server's clock, what follows, the
 * queue and the listener count. Fed by radio.current and the WAVE channel while anyone holds
 * it (the player, the modal); the channel is left 5 s after the last holder lets go, which
 * src/net's socket does for every room.
 */
import type { PublicUser, RadioSlot, RadioSound, ServerMessageData, z } from '../../contract/index.ts';
import { rpc, socket } from '../../net/index.ts';
import { createStore } from '../../ui/store.ts';

/** Spec: the next-song hint shows for 2 s. */
export const NEXT_HINT_MS = 2_000;
/** Spec: timers update every 1 s. */
export const TICK_MS = 1_000;

export interface StationState {
  loaded: boolean;
  current: RadioSlot | null;
  next: RadioSlot | null;
  /** Sounds by id: current, next, the queue, and any whose likes this tab changed. */
  sounds: Record<string, RadioSound>;
  queue: RadioSound[];
  users: Record<string, z.output<typeof PublicUser>>;
  online: number;
  price: number;
  /** Server clock minus this tab's clock, in ms. */
  skew: number;
  /** The next-song hint shows until this local time. */
  hintUntil: number;
  /** Local time of the last 1 s tick (progress bars follow it). */
  tick: number;
}

const initial: StationState = { loaded: false, current: null, next: null, sounds: {}, queue: [], users: {}, online: 0, price: 0, skew: 0, hintUntil: 0, tick: 0 };

/** The station store. */
export const station = createStore<StationState>(initial);

const patch = (change: Partial<StationState>) => station.set({ ...station.get(), ...change });
const byId = <T extends { id: string }>(items: readonly T[]): Record<string, T> => Object.fromEntries(items.map((i) => [i.id, i]));
const byHash = <T extends { hash: string }>(items: readonly T[]): Record<string, T> => Object.fromEntries(items.map((i) => [i.hash, i]));

/** The server's clock now, in ms. */
export const serverNow = (): number => Date.now() + station.get().skew;

/** A sound the station knows, by id. */
export const soundOf = (id: string | undefined): RadioSound | undefined => (id ? station.get().sounds[id] : undefined);

/** Reads the whole station again (on first hold, after a resync, when a slot ran out unannounced). */
export async function refreshStation(): Promise<void> {
  const sent = Date.now();
  const state = await rpc.call('radio.current', {});
  const received = Date.now();
  const s = station.get();
  patch({
    loaded: true,
    current: state.current,
    next: state.next,
    queue: state.queue,
    sounds: { ...s.sounds, ...byId(state.sounds), ...byId(state.queue) },
    users: { ...s.users, ...byHash(state.users) },
    online: state.online,
    price: state.metadata.sound_price,
    // The answer's time was read about halfway through the round trip.
    skew: state.time - (sent + received) / 2,
    tick: received,
  });
}

/** Stores a sound's new like count (and the asker's vote when known). */
export function updateLikes(id: string, likes: number, isLiked?: boolean): void {
  const s = station.get();
  const sound = s.sounds[id];
  if (!sound) return;
  const updated = { ...sound, likes, ...(isLiked === undefined ? {} : { isLiked }) };
  patch({ sounds: { ...s.sounds, [id]: updated }, queue: s.queue.map((q) => (q.id === id ? { ...q, likes } : q)) });
}

function onNext({ next, sound, users, time }: ServerMessageData<'#RADIO_NEXT_SOUND'>): void {
  const s = station.get();
  patch({ next, sounds: { ...s.sounds, [sound.id]: sound }, users: { ...s.users, ...byHash(users) }, skew: time - Date.now(), hintUntil: Date.now() + NEXT_HINT_MS });
}

/** Moves on when the current slot ends on the server's clock. */
function advance(): void {
  const s = station.get();
  const now = serverNow();
  if (s.current && now >= s.current.end_time) {
    if (s.next && s.next.start_time <= now) patch({ current: s.next, next: null, tick: Date.now() });
    else if (now >= s.current.end_time + NEXT_HINT_MS) void refreshStation().catch(() => undefined);
  }
  patch({ tick: Date.now() });
}

let holders = 0;
let release: (() => void) | null = null;

/** Holds the station live (WAVE joined, the 1 s clock running); the answer lets go. */
export function holdStation(): () => void {
  holders += 1;
  if (holders === 1) {
    const offs = [
      socket.subscribe('WAVE'),
      socket.on('#RADIO_NEXT_SOUND', onNext),
      socket.on('#RADIO_QUEUE_CHANGE', ({ queue, users }) => {
        const s = station.get();
        patch({ queue, sounds: { ...s.sounds, ...byId(queue) }, users: { ...s.users, ...byHash(users) } });
      }),
      socket.on('#RADIO_SOUND_LIKE_UPDATE', ({ id, likes }) => updateLikes(id, likes)),
      socket.on('#RADIO_ONLINE', ({ online }) => patch({ online })),
      socket.on('ROOM_RESYNC', ({ room }) => {
        if (room === 'WAVE') void refreshStation().catch(() => undefined);
      }),
    ];
    const timer = setInterval(advance, TICK_MS);
    void refreshStation().catch(() => undefined);
    release = () => {
      clearInterval(timer);
      for (const off of offs) off();
    };
  }
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    holders -= 1;
    if (holders === 0) {
      release?.();
      release = null;
    }
  };
}
