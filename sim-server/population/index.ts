/**
 * The simulated population (issue 30, docs/decisions/0051): ordinary accounts, tagged `sim`,
 * that play the arena around a real player. Each acts through the same dispatcher as a
 * player's request (the contract's validation, the rules, the real ledger funded by the house
 * faucet, real fair tickets and socket events), from an address of its own; a refusal is an
 * ordinary error envelope and the action is simply not taken.
 *
 * Pace: every player acts now and then, the gap drawn from an exponential distribution whose
 * mean shrinks with the activity knob and the hour of the day (a quiet night, a busy
 * afternoon, UTC). Only the process that owns the game clocks runs it (a cluster runs one
 * population). Seeded by SIM_SEED: the same seed makes the same names and the same choices.
 */
import type { FastifyInstance } from 'fastify';
import { z } from '../../src/contract/index.ts';
import { seededRandom, type RandomSource } from '../../src/core/seeded-random.ts';
import { findUserById, type UserRow } from '../auth/users.ts';
import { operatorRoute } from '../auth/sim-operator.ts';
import { createUser, setTag } from '../kernel/users.ts';
import { answer, backTo, fromForm, parseBody } from '../rpc/console-http.ts';
import type { Services } from '../rpc/context.ts';
import type { Dispatch } from '../rpc/dispatch.ts';
import { ACTS, backgroundActs, yieldToServer, type Agent, type WorldContext } from './acts.ts';
import { setSimulatedOnline } from '../world/population-count.ts';
import { simName } from './words.ts';

/** Most simulated players one server keeps (the console refuses more). */
export const POPULATION_MAX = 2_000;
/** Highest activity multiplier. */
export const ACTIVITY_MAX = 20;
/** Mean gap between two actions of one player at activity 1 at the busiest hour. */
const MEAN_GAP_MS = 45_000;
/** How often the world looks for players whose turn has come. */
const TICK_MS = 250;
/** Most actions one tick takes, so a large population never holds the event loop long. */
const ACTIONS_PER_TICK = 6;
/** Most accounts one tick creates: a console asking for 2,000 players never holds the event loop for all of them. */
const NEW_PER_TICK = 20;
/** A player counts as online for this long after acting. */
const ONLINE_FOR_MS = 10 * 60_000;

/** What the console can change. */
export interface PopulationSettings {
  size: number;
  activity: number;
  paused: boolean;
}

/** What the console shows. */
export interface PopulationStatus extends PopulationSettings {
  seed: number;
  /** Simulated players that exist so far: a larger size arrives NEW_PER_TICK a tick. */
  created: number;
  /** Simulated players that acted in the last ten minutes. */
  online: number;
  actions: number;
  refused: number;
}

/** A running population. */
export interface Population {
  status(): PopulationStatus;
  set(change: Partial<PopulationSettings>): Promise<PopulationStatus>;
  /** Runs up to `count` turns now, whoever is due or not (tests and the console's "act now"). */
  actNow(count: number): Promise<number>;
  close(): void;
}

/** The day's rhythm: 0.35 at 04:00 UTC, 1 at 16:00. */
export function rhythmAt(now: number): number {
  const hour = (now / 3_600_000) % 24;
  return 0.35 + 0.65 * (0.5 - 0.5 * Math.cos((2 * Math.PI * (hour - 4)) / 24));
}

/** The next gap of one player: exponential around the mean for this activity and hour. */
function nextGap(random: RandomSource, activity: number, now: number): number {
  const mean = MEAN_GAP_MS / Math.max(0.01, activity * rhythmAt(now));
  return Math.round(-Math.log(1 - random()) * mean);
}

/**
 * The simulated players numbered 0..size-1, created on first need (an ordinary account with
 * the faucet's starting balance and the `sim` tag). A name a real player already holds is
 * skipped: the world never takes over a real account.
 */
async function ensureAgents(services: Services, random: RandomSource, agents: Agent[], size: number): Promise<void> {
  const { db, ledger, config } = services;
  let n = agents.length === 0 ? 0 : agents[agents.length - 1]!.n + 1;
  while (agents.length < size) {
    const name = simName(n);
    const user = await db.transaction(async (tx) => {
      const found = await tx.get<UserRow>('SELECT * FROM users WHERE name = ?', name);
      if (found) return (JSON.parse(found.tags) as string[]).includes('sim') ? found : null;
      const created = await createUser(tx, ledger, { name, passwordHash: null, providerId: null, startBalance: config.startBalance, now: config.now() });
      await setTag(tx, created.id, 'sim', true);
      // The first few host: partners whose codes others use, and streamers.
      if (n < 2) await setTag(tx, created.id, 'partner', true);
      return created;
    });
    if (user) agents.push({ n, id: user.id, name, nextAt: config.now() + nextGap(random, 1, config.now()), actedAt: 0, joinedRain: null, joinedSteal: null });
    n++;
  }
}

/** Starts the population (size 0 starts nothing until the console asks for players). */
export async function createPopulation(services: Services, dispatch: Dispatch, log: { error(obj: unknown, msg: string): void }, initial: PopulationSettings & { seed: number }): Promise<Population> {
  const random = seededRandom(initial.seed);
  const settings: PopulationSettings = { size: initial.size, activity: initial.activity, paused: initial.paused };
  const agents: Agent[] = [];
  const counts = { actions: 0, refused: 0 };
  const world: WorldContext = {
    services, random, agents,
    call: async (agent, method, params) => {
      // Between any two of the world's calls a real player's request gets its turn.
      await yieldToServer();
      const user = await findUserById(services.db, agent.id);
      if (!user) return { error: { error_code: 30, error_msg: 'User not found.' } };
      // Each simulated player is a person of their own: their own address for the limits by address.
      const result = await dispatch(method, params, { user, sessionId: null, ip: `sim-${agent.id}` });
      if ('error' in result) counts.refused++;
      return result;
    },
    pending: [],
  };
  let busy = false;

  async function turn(agent: Agent): Promise<void> {
    const now = services.config.now();
    agent.actedAt = now;
    agent.nextAt = now + nextGap(random, settings.activity, now);
    const total = ACTS.reduce((sum, act) => sum + act.weight, 0);
    let roll = random() * total;
    const act = ACTS.find((a) => (roll -= a.weight) < 0) ?? ACTS[0]!;
    counts.actions++;
    await act.run(world, agent);
  }

  async function tick(): Promise<void> {
    if (busy || !services.timers.owned()) return;
    busy = true;
    try {
      await grow(NEW_PER_TICK);
      if (settings.paused || agents.length === 0) return;
      const now = services.config.now();
      await backgroundActs(world, now);
      const due = agents.slice(0, settings.size).filter((a) => a.nextAt <= now).sort((a, b) => a.nextAt - b.nextAt).slice(0, ACTIONS_PER_TICK);
      for (const agent of due) {
        // A pause (the console) stops a tick between two turns, not after the last.
        if (settings.paused) break;
        await turn(agent);
      }
      setSimulatedOnline(agents.slice(0, settings.size).filter((a) => a.actedAt > now - ONLINE_FOR_MS).length);
    } catch (error) {
      log.error({ err: error }, 'the simulated population failed a turn');
    } finally {
      busy = false;
    }
  }

  /**
   * Creates the players the size asks for and the world does not have yet, at most `slice` of
   * them. One growth at a time (a tick's and the console's may meet while one waits for the
   * database), each counting from what the one before created.
   */
  let growing: Promise<void> = Promise.resolve();
  const grow = (slice = Infinity): Promise<void> => {
    const next = growing.catch(() => {}).then(async () => {
      if (settings.size > agents.length) await ensureAgents(services, random, agents, Math.min(settings.size, agents.length + slice));
    });
    growing = next;
    return next;
  };
  await services.timers.whenOwned(() => grow(NEW_PER_TICK));
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();

  const status = (): PopulationStatus => ({
    ...settings, seed: initial.seed, created: agents.length, actions: counts.actions, refused: counts.refused,
    online: agents.slice(0, settings.size).filter((a) => a.actedAt > services.config.now() - ONLINE_FOR_MS).length,
  });
  return {
    status,
    async set(change) {
      Object.assign(settings, change);
      // The rest arrive with the ticks, NEW_PER_TICK at a time.
      if (services.timers.owned()) await grow(NEW_PER_TICK);
      if (settings.paused || settings.size === 0) setSimulatedOnline(0);
      return status();
    },
    async actNow(count) {
      await grow();
      const active = agents.slice(0, settings.size);
      for (let done = 0; done < count && active.length > 0; done++) await turn(active[done % active.length]!);
      await backgroundActs(world, services.config.now());
      return active.length === 0 ? 0 : count;
    },
    close: () => {
      clearInterval(timer);
      // The count is the process's (world/population-count.ts): a closed population has no one on line.
      setSimulatedOnline(0);
    },
  };
}

const SettingsBody = z.object({
  size: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(POPULATION_MAX))),
  activity: z.optional(z.coerce.number().check(z.gt(0), z.lte(ACTIVITY_MAX))),
  paused: z.optional(z.union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])),
  act: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000))),
});

/**
 * The console's population controls (behind the operator key): GET answers the status; POST
 * {size, activity, paused, act} changes it (act: that many turns now). Out of range: INPUT_ERROR, nothing changed.
 */
export function registerPopulationRoutes(app: FastifyInstance, services: Services, population: Population): void {
  const operator = operatorRoute(services.config);
  const back = backTo('/api/sim/world');
  app.get('/api/sim/world/population', operator, async () => ({ response: population.status() }));
  app.post('/api/sim/world/population', operator, async (request, reply) => {
    const result = await answer(async () => {
      const { size, activity, paused, act } = parseBody(SettingsBody, request.body);
      await population.set({
        ...(size !== undefined && { size }),
        ...(activity !== undefined && { activity }),
        ...(paused !== undefined && { paused: paused === true || paused === '1' || paused === 'true' }),
      });
      if (act !== undefined) await population.actNow(act);
      return population.status();
    });
    if (!fromForm(request)) return result;
    const s = 'response' in result ? result.response : null;
    return back(reply, result, s ? `Population: ${s.size} players at activity ${s.activity}${s.paused ? ', paused' : ''}` : '');
  });
}
