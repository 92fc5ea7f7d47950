/**
 * The radio domain's long-lived parts, one per server (per database handle): the library in
 * the table, the station's timer and the online-count watcher.
 */
import type { FastifyInstance } from 'fastify';
import { Rooms } from '../../../src/contract/index.ts';
import { everyOwned } from '../../cluster/timers.ts';
import type { Services } from '../../rpc/context.ts';
import { coverSvg, seedLibrary, soundByHash } from './sounds.ts';
import { advanceStation } from './station.ts';

/** The radio of one server: built by buildApp (in Services), started by the radio domain's register. */
export interface Radio {
  /** Brings the station up to the server's clock (tests step an injected clock and call it); nothing before it starts. */
  tick(): Promise<void>;
  /** Seeds the library, runs the station's timer, pushes the online count. */
  start(app: FastifyInstance, services: Services): Promise<void>;
}

/** The longest the timer sleeps: a clock stepped by hand (tests) is still noticed. */
const MAX_SLEEP_MS = 30_000;
/** How often the listener count is compared and pushed when it changed. */
const ONLINE_EVERY_MS = 5_000;

/** A radio whose station runs once `start` is called. */
export function createRadio(): Radio {
  let step: (() => Promise<void>) | null = null;
  return {
    tick: async () => {
      await step?.();
    },
    async start(app, services) {
      step = await startStation(app, services);
    },
  };
}

/** The radio domain's register: starts the server's station. */
export async function registerRadio(app: FastifyInstance, services: Services): Promise<void> {
  await services.radio.start(app, services);
}

// Starts the station and answers its step.
async function startStation(app: FastifyInstance, services: Services): Promise<() => Promise<void>> {
  const { db, config, hub } = services;
  await db.transaction((tx) => seedLibrary(tx));
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function tick(): Promise<void> {
    // Another process owns the clocks: its station plays; this one starts again on a takeover.
    if (stopped || !services.timers.owned()) return;
    clearTimeout(timer);
    let wake = config.now() + MAX_SLEEP_MS;
    try {
      wake = await db.transaction((tx) => advanceStation(tx, services, config.now()));
    } catch (error) {
      app.log.error({ err: error }, 'radio station step failed');
    }
    // A timer set late in a busy turn of the event loop counts from that turn's cached start,
    // so it can fire a few ms before `wake`: the retry then sleeps only what is left (a 10 ms
    // floor here made every such announcement 10 ms late).
    timer = setTimeout(tick, Math.max(1, Math.min(MAX_SLEEP_MS, wake - config.now())));
    timer.unref();
  }

  let lastOnline = -1;
  await everyOwned(app, services.timers, 'radio online count', ONLINE_EVERY_MS, () => {
    const online = hub.memberCount(Rooms.radio);
    if (online !== lastOnline) hub.publish(Rooms.radio, '#RADIO_ONLINE', { online });
    lastOnline = online;
  });

  app.get<{ Params: { file: string } }>('/api/radio/cover/:file', async (request, reply) => {
    const sound = await soundByHash(db, request.params.file.replace(/\.svg$/, ''));
    if (!sound) return reply.code(404).send({ error: { error_code: 30, error_msg: 'Sound not found' } });
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(coverSvg(sound));
  });

  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
  });
  await services.timers.whenOwned(tick);
  return tick;
}

// This domain's long-lived part on the server's Services (the RPC layer names no domain: docs/design.md section 3).
declare module '../../rpc/context.ts' {
  interface DomainRuntimes {
    /** The radio station (started by the radio domain). */
    radio: Radio;
  }
}
