/**
 * The world console (sim only, behind the operator key: docs/decisions/0018 and 0050): a page
 * at GET /api/sim/world and a JSON route under /api/sim/world/... for every timed or rare event,
 * which sets it off now. It also keeps every process in step with the world's switches
 * (a maintenance, the race's clock): each reads them once a second and follows a change.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toHash } from '../../../src/core/hash-id.ts';
import { RACE_PERIODS, periodAt } from '../../../src/core/race-periods.ts';
import { operatorRoute } from '../../auth/sim-operator.ts';
import { answer, fromForm, html } from '../../rpc/console-http.ts';
import type { Domain, Services } from '../../rpc/context.ts';
import { simulatedOnline } from '../../world/population-count.ts';
import { RAIN_HOUSE } from '../chat/rain.ts';
import {
  applyRaceOffset, deprecateCase, houseMessage, maintenance, partyClose, protection, raceEnd, rainClose, rainStart, requireVerification,
  restoreCase, stealEnd, stealRoll, stealStart, streamStart, streamStop, tellMaintenance,
} from './actions.ts';
import { worldPage, type WorldView } from './page.ts';
import { maintenanceOf, raceOffsetOf, type MaintenanceState } from './settings.ts';

/** How often each process reads the world's switches. */
export const WORLD_SYNC_MS = 1_000;

type Action = (s: Services, body: unknown) => unknown;

/** Words for the page's "last action" after a form post, from an action's answer. */
const SUMMARIES: Record<string, (r: Record<string, unknown>) => string> = {
  'rain/start': (r) => `Rain ${String(r.hash)} is open for joining until ${new Date(Number((r.states as { end_in: number }).end_in)).toISOString().slice(11, 19)} UTC (pot ${(Number(r.amount) / 100).toFixed(2)} coins).`,
  'rain/close': (r) => `Rain ${String(r.hash)}: joining closed, now ${String(r.status)}; the next beacon block draws it.`,
  'steal/start': (r) => `Split-or-steal game ${String(r.hash)} is open for joining (${String(r.winners)} winners, ${(Number(r.reward) / 100).toFixed(2)} coins).`,
  'steal/roll': (r) => `Game ${String(r.hash)}: joining closed, now ${String(r.status)}${r.result ? ` (${String(r.result)})` : ''}.`,
  'steal/end': (r) => `Game ${String(r.hash)}: decisions ended, now ${String(r.status)}${r.result ? ` (${String(r.result)})` : ''}.`,
  'race/end': (r) => `The ${String(r.period)} race ended and paid ${(r.prizes as unknown[]).length} places (${String(r.periods_paid)} periods settled); the next one ends ${new Date(Number((r.next as { end: number }).end)).toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
  maintenance: (r) => (r.open ? `Maintenance is open${r.going_down ? ' (going down)' : ''}: ${String(r.sockets_told)} sockets here told.` : `Maintenance is closed: ${String(r.sockets_told)} sockets here told.`),
  protection: (r) => `Protection challenge sent to ${String(r.user_hash)}.`,
  verify: (r) => `Basic verification required of ${String(r.user_hash)}.`,
  'party/close': (r) => (r.closed ? `Party ${String(r.party)} closed${Number(r.refunded) > 0 ? ` (${(Number(r.refunded) / 100).toFixed(2)} coins of fuel back to the host)` : ''}.` : `The host of party ${String(r.party)} is asked to close it.`),
  'cases/deprecate': (r) => `Case ${String(r.key)} (${String(r.box_hash)}) is retired.`,
  'cases/restore': (r) => `Case ${String(r.key)} (${String(r.box_hash)}) is back.`,
  'stream/start': (r) => `Stream ${String(r.hash)} is live: ${String(r.title)}.`,
  'stream/stop': (r) => `Stream ${String(r.hash)} stopped.`,
  'chat/house': (r) => `The house posted ${String((r.details as { type: string }).type === 'discord' ? 'the Discord promo' : 'an item spotlight')} (${String(r.hash)}).`,
};

/** The world as the page and world.json show it. */
async function worldView(app: FastifyInstance, s: Services): Promise<WorldView> {
  const now = s.config.now();
  const rain = await s.db.get<{ id: number; status: string; ends_at: number }>("SELECT id, status, ends_at FROM chat_rains WHERE status <> 'finished' ORDER BY id DESC LIMIT 1");
  const steal = await s.db.get<{ id: number; status: string }>("SELECT id, status FROM chat_steal_games WHERE status <> 'closed' ORDER BY id DESC LIMIT 1");
  let population: WorldView['population'] = null;
  try {
    const got = await app.inject({ method: 'GET', url: '/api/sim/world/population', headers: { 'x-sim-key': s.config.simOperatorKey } });
    if (got.statusCode === 200) population = (JSON.parse(got.body) as { response?: WorldView['population'] }).response ?? null;
  } catch {
    population = null;
  }
  return {
    online: s.hub.stats().connections,
    simulated: simulatedOnline(),
    maintenance: await maintenanceOf(s.db),
    race: { offset: s.raceBoards.offset, periods: RACE_PERIODS.map((period) => ({ period, ...periodAt(period, s.raceBoards.clock(now)) })) },
    rain: rain ? { hash: toHash(rain.id), status: rain.status, ends_at: rain.ends_at, participants: (await s.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM chat_rain_users WHERE rain_id = ?', rain.id))!.n } : null,
    pot: await s.ledger.balance(s.db, RAIN_HOUSE),
    steal: steal ? { hash: toHash(steal.id), status: steal.status, participants: (await s.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM chat_steal_users WHERE game_id = ?', steal.id))!.n } : null,
    streams: (await s.db.all<{ id: number; name: string; title: string }>('SELECT s.id, u.name, s.title FROM streams s JOIN users u ON u.id = s.user_id WHERE s.ended_at IS NULL ORDER BY s.id')).map((r) => ({ hash: toHash(r.id), name: r.name, title: r.title })),
    parties: (await s.db.all<{ id: number; name: string; status: string }>("SELECT p.id, u.name, p.status FROM stream_parties p JOIN users u ON u.id = p.host_id WHERE p.status <> 'closed' ORDER BY p.id")).map((r) => ({ id: toHash(r.id), host: r.name, status: r.status })),
    cases: (await s.catalog.view()).listing().map((b) => ({ hash: b.out.hash, key: b.key, name: b.out.name, deprecated: b.deprecated })),
    population,
    now,
  };
}

async function registerWorldConsole(app: FastifyInstance, s: Services): Promise<void> {
  if (!s.config.simMode) return;

  // Every process follows the switches: the first read now, then once a second.
  let told = JSON.stringify(await maintenanceOf(s.db));
  const follow = (state: MaintenanceState) => {
    told = JSON.stringify(state);
  };
  applyRaceOffset(s, await raceOffsetOf(s.db));
  if ((await maintenanceOf(s.db)).open) tellMaintenance(s, await maintenanceOf(s.db));
  const sync = setInterval(async () => {
    try {
      applyRaceOffset(s, await raceOffsetOf(s.db));
      const state = await maintenanceOf(s.db);
      const key = JSON.stringify(state);
      if (key !== told) {
        told = key;
        tellMaintenance(s, state);
      }
    } catch (error) {
      app.log.warn({ err: error }, 'world switches: read failed');
    }
  }, WORLD_SYNC_MS);
  sync.unref();
  app.addHook('onClose', async () => clearInterval(sync));

  const operator = operatorRoute(s.config);
  app.get('/api/sim/world', operator, async (request, reply) => {
    const { notice, error } = request.query as { notice?: unknown; error?: unknown };
    const last = typeof notice === 'string' && notice ? { text: notice.slice(0, 300), error: error === '1' } : null;
    return html(reply, worldPage(await worldView(app, s), last));
  });
  app.get('/api/sim/world.json', operator, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { response: await worldView(app, s) };
  });

  const route = (path: string, action: Action) => {
    app.post(`/api/sim/world/${path}`, operator, async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await answer(() => action(s, request.body));
      if (!fromForm(request)) return result;
      const text = 'error' in result ? result.error.error_msg : (SUMMARIES[path]?.(result.response as Record<string, unknown>) ?? 'Done.');
      return reply.redirect(`/api/sim/world?notice=${encodeURIComponent(text)}${'error' in result ? '&error=1' : ''}`, 303);
    });
  };
  route('rain/start', rainStart);
  route('rain/close', rainClose);
  route('steal/start', stealStart);
  route('steal/roll', stealRoll);
  route('steal/end', stealEnd);
  route('race/end', raceEnd);
  route('maintenance', (services, body) => maintenance(services, body, follow));
  route('protection', protection);
  route('verify', requireVerification);
  route('party/close', partyClose);
  route('cases/deprecate', deprecateCase);
  route('cases/restore', restoreCase);
  route('stream/start', streamStart);
  route('stream/stop', streamStop);
  route('chat/house', houseMessage);
}

export const worldConsole: Domain = { handlers: {}, register: registerWorldConsole };
