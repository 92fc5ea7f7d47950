/**
 * Builds the whole server without listening, so tests start exactly the production server
 * on port 0 and talk to it over real HTTP and WebSocket.
 */
import { existsSync } from 'node:fs';
import { createServer, type ServerOptions } from 'node:http';
import { dirname, join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { accessTokenOf } from './auth/cookies.ts';
import { createAccessTokens } from './auth/tokens.ts';
import { connectBroker } from './cluster/broker.ts';
import { createTimerOwner } from './cluster/timers.ts';
import { loadConfig, type Config } from './config.ts';
import { openDb } from './db/database.ts';
import { createLedger, type Ledger } from './db/ledger.ts';
import { battleErrorLogger, createBattles } from './domains/battles/runtime.ts';
import { createCaseCatalog } from './domains/cases/catalog-store.ts';
import { createChatRuntime } from './domains/chat/runtime.ts';
import { RaceBoards } from './domains/progression/race.ts';
import { createRadio } from './domains/radio/runtime.ts';
import { DOMAINS } from './domains/index.ts';
import { domainPorts } from './domains/ports.ts';
import { registerCompression } from './http/compress.ts';
import { createFirstViews, FIRST_VIEWS_MODULE, type FirstViewFiller } from './http/first-views.ts';
import { ANSWER_HEADERS } from './http/headers.ts';
import { prerenderedPage, routeShell } from './http/page-routes.ts';
import type { Domain, Handlers, Services } from './rpc/context.ts';
import { createDispatcher } from './rpc/dispatch.ts';
import { createPopulation, registerPopulationRoutes } from './population/index.ts';
import { createLeanRpc, type LeanHandler } from './rpc/lean.ts';
import { createRpcCall, registerRpc } from './rpc/routes.ts';
import { createHub } from './socket/hub.ts';
import { registerSocket } from './socket/routes.ts';
import { beaconAnchorStale, beaconStartNow, serverBeaconChain } from './world/beacon.ts';

/** Every domain's method implementations; two areas claiming one method is a wiring bug, caught at start. */
const handlers: Handlers = mergeHandlers(DOMAINS);
const ledgerHooks = DOMAINS.flatMap((d) => (d.onLedgerEntry ? [d.onLedgerEntry] : []));
const wagerHooks = DOMAINS.flatMap((d) => (d.onWager ? [d.onWager] : []));

/** A built server and its parts. */
export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  close(): Promise<void>;
}

/** Idle sockets are closed after this long without a frame (clients ping every 20 s). */
const SOCKET_IDLE_MS = 75_000;

/** Where the log's warnings and errors go: stdout (true), nowhere (false), or a stream (tests keep them). */
export type LogTarget = boolean | { write(line: string): void };

/** Builds the server; `overrides` replace configuration read from the environment. */
export async function buildApp(overrides: Partial<Config> = {}, options: { logger?: LogTarget } = {}): Promise<BuiltApp> {
  const config = loadConfig(overrides);
  // Request lines are info-level and cost about a tenth of the throughput: log warnings and errors.
  // Method GETs are answered ahead of fastify once the app is built (rpc/lean.ts, docs/decisions/0038).
  const front: { lean?: LeanHandler } = {};
  const app = Fastify({
    logger: options.logger === true ? { level: 'warn' } : options.logger ? { level: 'warn', stream: options.logger } : false, trustProxy: config.trustProxy, bodyLimit: 64 * 1024, rewriteUrl: (request) => collapseSlashes(request.url ?? '/'),
    // What fastify's own HTTP/1 server factory does, with the lean path in front of its handler.
    serverFactory: (handler, fastifyOptions) => {
      const opts = fastifyOptions as { http?: ServerOptions; keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number; maxRequestsPerSocket?: number };
      const server = createServer(opts.http ?? {}, (request, response) => {
        if (!front.lean?.(request, response)) handler(request, response);
      });
      server.keepAliveTimeout = opts.keepAliveTimeout ?? 72_000;
      server.requestTimeout = opts.requestTimeout ?? 0;
      server.setTimeout(opts.connectionTimeout ?? 0);
      if (opts.maxRequestsPerSocket) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
      return server;
    },
  });
  // Several processes share rooms, counts and revocations through Redis; alone, nothing of it runs.
  const broker = config.redisUrl ? await connectBroker(config.redisUrl, { prefix: config.redisPrefix, maxQueued: config.redisQueueMax, log: app.log }) : null;
  const db = await openDb({
    path: config.dataDir === ':memory:' ? ':memory:' : join(config.dataDir, 'arena.db'),
    url: config.databaseUrl,
    poolSize: config.databasePool.size,
    poolWaitMs: config.databasePool.waitMs,
    synchronous: config.durability,
    group: {
      // Fail-stop, as PostgreSQL does when a flush fails: the group's requests already ran on
      // (memory, timers) and none of them was answered; a restart starts from the file.
      onCommitFailed: (error) => {
        app.log.fatal({ err: error }, 'a grouped COMMIT failed: stopping');
        process.exit(70);
      },
      onWorkFailed: (error) => app.log.error({ err: error }, 'work after a commit failed'),
    },
  });
  const hub = createHub({ now: config.now, relay: broker?.relay, commits: db.commits });
  const timers = await createTimerOwner(() => db.tryLease('timers'), (error) => app.log.error({ err: error }, 'game clocks: the lease failed'));
  if (broker) {
    broker.attach(hub);
    broker.onControl((message) => {
      if (message.kind === 'revoke' && message.from !== broker.id) hub.dropSessions(message);
    });
    // Events that passed this process by while Redis was away are replayed to sockets that
    // reconnect: close them as the link goes and again as it returns (clients come back on their own).
    broker.onLink(() => hub.closeAll());
  }
  const ledger: Ledger = createLedger({
    now: config.now,
    // One row of each house per player shard where transactions run at once (docs/decisions/0058).
    shards: config.ledgerShards ?? (config.databaseUrl ? 8 : 1),
    onBalanceChange: (c) => hub.toUser(c.userId, 'WALLET_BALANCE_CHANGED', { currency: c.currency, balance: c.balance, amount: c.amount, type: c.type, hash: c.hash }),
    onEntry: async (tx, change) => {
      for (const hook of ledgerHooks) await hook(tx, change, services);
    },
    onWager: async (tx, wager) => {
      for (const hook of wagerHooks) await hook(tx, wager, services);
    },
  });
  // One chain for every process: they share where it starts (docs/decisions/0039).
  const beacon = serverBeaconChain(config, broker ? await broker.beaconAnchor(beaconStartNow(config.now()), (stored) => beaconAnchorStale(stored, config.now())) : undefined);
  broker?.keepBeaconAnchor(() => beacon.anchor());
  const catalog = createCaseCatalog(db, () => broker?.announce({ kind: 'catalog' }));
  // A catalog stored by another process (a newer release starting) renews this one's view.
  broker?.onControl((message) => {
    if (message.kind === 'catalog' && message.from !== broker.id) catalog.forget();
  });
  // An announcement made while this process was cut off from Redis is lost: read the tables again.
  broker?.onLink((up) => {
    if (up) catalog.forget();
  });
  const battles = createBattles({ config, db, ledger, hub, beacon, catalog, broker, timers }, battleErrorLogger(app.log));
  const services: Services = {
    config, db, ledger, hub, tokens: createAccessTokens(config.jwtSecret, config.accessTtl), beacon, catalog, battles,
    chat: createChatRuntime(broker), raceBoards: new RaceBoards(db), radio: createRadio(), broker, timers, ...domainPorts(),
  };

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  await app.register(fastifyCookie);
  // A callback hook, not an async one: no promise per answer (docs/decisions/0029).
  // An answer waits for the commit of what it read or wrote (grouped commits: db/transaction.ts).
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(ANSWER_HEADERS);
    if (db.commits.pending) db.commits.whenCommitted(() => done(null, payload));
    else done(null, payload);
  });
  registerCompression(app);

  const dispatch = createDispatcher(services, handlers, app.log);
  const call = createRpcCall(services, dispatch);
  registerRpc(app, call);
  for (const domain of DOMAINS) await domain.register?.(app, services, dispatch);
  registerSocket(app, services);
  // The simulated players around a real one (sim mode only): they act through the same dispatcher.
  const population = config.simMode ? await createPopulation(services, dispatch, app.log, { ...config.population, paused: false }) : null;
  if (population) registerPopulationRoutes(app, services, population);
  await registerClient(app, config, createFirstViews(config.staticDir, call, app.log));

  // @fastify/cookie's parser is loaded once its registration was awaited above.
  front.lean = createLeanRpc({ call, commits: db.commits, trustProxy: config.trustProxy, parseCookie: (header) => app.parseCookie(header), log: app.log });

  const sweeper = setInterval(() => hub.sweep(SOCKET_IDLE_MS), 15_000);
  sweeper.unref();

  return {
    app,
    services,
    close: async () => {
      clearInterval(sweeper);
      population?.close();
      timers.close();
      await app.close();
      // Closing the database commits a group still open, which sends its events: the broker stops after.
      await db.close();
      await broker?.close();
    },
  };
}

/**
 * Collapses repeated slashes in a request's path, the query left as it is. Spec: a double slash
 * in a path is collapsed. The client tidies the address bar itself, but the server must first
 * answer the page: the static files refused `//provably-fair//verify` with 403.
 */
export function collapseSlashes(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (!path.includes('//')) return url;
  return path.replace(/\/{2,}/g, '/') + (query === -1 ? '' : url.slice(query));
}

/**
 * Serves the built PWA. Files are looked up per request (a rebuild needs no restart); a path
 * without a file extension gets index.html so the client router decides, 404 page included.
 */
async function registerClient(app: FastifyInstance, config: Config, firstViews: FirstViewFiller): Promise<void> {
  const built = () => existsSync(join(config.staticDir, 'index.html'));
  // A page's first request gets its prerendered first view when the build made one: a visitor's
  // (public pages), or a signed-in player's (whose header differs: the wallet, the inventory).
  // Every other page gets the shell naming the route's code, with the frame for who asks in it
  // (http/page-routes.ts), when the build wrote them. Where the page has parts that differ by
  // request (the player's items, a finished battle), the server renders them in (http/first-views.ts).
  const sendPage = async (path: string, request: FastifyRequest, reply: FastifyReply) => {
    const viewer = request.cookies.logged ? 'signed-in' : 'visitor';
    const file = prerenderedPage(config.staticDir, path, viewer) ?? routeShell(config.staticDir, path, viewer) ?? 'index.html';
    const filled = await firstViews(file, path, { token: accessTokenOf(request), ip: request.ip });
    // What the asker's session let them see, as it was: never kept by a cache, nor answered to another cookie.
    if (filled) return reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-store').header('vary', 'cookie').send(filled);
    return reply.header('cache-control', 'no-cache').sendFile(file);
  };
  // The static plugin would answer / with index.html itself, before the not-found handler.
  app.addHook('onRequest', async (request, reply) => {
    if (!readsPage(request.method) || (request.url !== '/' && !request.url.startsWith('/?')) || !built()) return;
    return sendPage('/', request, reply);
  });
  // preCompressed: the build wrote .br and .gz beside every text file (scripts/compress-dist.ts).
  // The server's own module of the build (http/first-views.ts) is not served.
  await app.register(fastifyStatic, {
    root: config.staticDir, index: 'index.html', cacheControl: false, preCompressed: true, setHeaders: cacheHeaders,
    allowedPath: (pathName) => !pathName.startsWith(`/${dirname(FIRST_VIEWS_MODULE)}/`),
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const wantsPage = readsPage(request.method) && !path.startsWith('/api/') && path !== '/ws' && !/\.[a-z0-9]+$/i.test(path);
    if (wantsPage && built()) return sendPage(path, request, reply);
    if (wantsPage) return reply.type('text/html').send('<!doctype html><title>Arena</title><p>The client is not built yet: run <code>npm run build</code>.</p>');
    return reply.code(404).send({ error: { error_code: 16, error_msg: `No route ${request.method} ${path}` } });
  });
}

/** A page is read with GET, or with HEAD for its headers alone (Node sends no body then): a client checking the site answers asks HEAD. */
const readsPage = (method: string) => method === 'GET' || method === 'HEAD';

/** Hashed build assets never change; everything else is revalidated (the service worker, the shell). */
function cacheHeaders(reply: { header(name: string, value: string): unknown }, path: string): void {
  reply.header('cache-control', /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

function mergeHandlers(domains: readonly Domain[]): Handlers {
  const merged: Record<string, unknown> = {};
  for (const domain of domains) {
    for (const [name, handler] of Object.entries(domain.handlers)) {
      if (name in merged) throw new Error(`${name} is handled by two domains`);
      merged[name] = handler;
    }
  }
  return merged as Handlers;
}
