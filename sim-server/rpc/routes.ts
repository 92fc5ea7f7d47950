/**
 * HTTP side of the RPC: `GET|POST /api/method/{method}` and `batch.waterfall`, answering
 * the envelope with HTTP 200, or HTTP 429 with the rate_limited body. The rules live in
 * `createRpcCall`, shared by the fastify route and the lean GET path ahead of fastify
 * (lean.ts, docs/decisions/0038), so both answer the same bytes.
 */
import type { FastifyInstance } from 'fastify';
import { Methods, NumericError, decodeQuery, describeIssues, z, type Envelope, type RateLimitedBody } from '../../src/contract/index.ts';
import { accessTokenOf } from '../auth/cookies.ts';
import { authenticate } from '../auth/sessions.ts';
import { AppError } from '../errors.ts';
import type { Services } from './context.ts';
import type { Caller, Dispatch } from './dispatch.ts';
import { createRateLimiter, createSharedRateLimiter } from './rate-limit.ts';

/** Longer query strings are refused before any parsing (the batch list is the longest honest one); Node itself answers 431 past 16 KiB. */
const MAX_QUERY_LENGTH = 8 * 1024;

/** One method call as the HTTP layer sees it, whichever path received it. */
export interface RpcRequest {
  /** The method name from the path. */
  name: string;
  /** The request's path and query (the query carries a GET's params). */
  url: string;
  /** A POST's parsed body; undefined for a GET. */
  body: unknown;
  isPost: boolean;
  token: string | undefined;
  ip: string;
}

/** What to answer: the envelope with 200, or the rate_limited body with 429 and its wait. */
export type RpcAnswer = { status: 200; body: Envelope<unknown> } | { status: 429; retryAfter: number; body: RateLimitedBody };

/** Runs one RPC request: auth, rate limit, length check, then the method or the batch. */
export type RpcCall = (request: RpcRequest) => Promise<RpcAnswer>;

/** Builds the call shared by both paths. */
export function createRpcCall(services: Services, dispatch: Dispatch): RpcCall {
  const { config } = services;
  // Several processes (REDIS_URL) share their counts; one counts in-process, without a promise per request.
  const limiter = services.broker ? createSharedRateLimiter(services.broker, config.rateLimit) : createRateLimiter(config.rateLimit);

  const limited = (retryAfter: number): RpcAnswer => ({
    status: 429, retryAfter, body: { error: 'rate_limited', server_id: config.serverId, time: Math.floor(config.now() / 1000), retry_after: retryAfter },
  });

  return async (request) => {
    let caller: Caller;
    try {
      caller = request.token ? { ...await authenticate(services, request.token), ip: request.ip } : { user: null, sessionId: null, ip: request.ip };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      let wait = limiter.hit(`ip:${request.ip}`, config.now());
      if (typeof wait !== 'number') wait = await wait;
      if (wait) return limited(wait);
      return { status: 200, body: { error: { error_code: error.code, error_msg: error.message } } };
    }
    const limitKey = caller.user ? `user:${caller.user.id}` : `ip:${caller.ip}`;
    let wait = limiter.hit(limitKey, config.now());
    if (typeof wait !== 'number') wait = await wait;
    if (wait) return limited(wait);

    if (request.url.length > MAX_QUERY_LENGTH) {
      return { status: 200, body: { error: { error_code: NumericError.INPUT_ERROR, error_msg: `query string longer than ${MAX_QUERY_LENGTH} characters` } } };
    }
    const { name } = request;
    const raw = request.isPost ? (request.body ?? {}) : decodeQuery(queryOf(request.url));
    if (name === 'batch.waterfall') {
      // Each call of a batch is a request (issue 12: 20 calls counted as one); the request
      // itself counted as the first. Counted before any runs, so a batch runs whole or not at all.
      const calls = z.safeParse(Methods['batch.waterfall'].input, raw);
      for (let i = 1; calls.success && i < calls.data.list.length; i++) {
        let more = limiter.hit(limitKey, config.now());
        if (typeof more !== 'number') more = await more;
        if (more) return limited(more);
      }
      return { status: 200, body: await batch(raw, caller) };
    }
    return { status: 200, body: await dispatch(name, raw, caller) };
  };

  /** Runs a list of `method?params` calls in order; each answers its own envelope. */
  async function batch(raw: unknown, caller: Caller): Promise<Envelope<Envelope<unknown>[]>> {
    const parsed = z.safeParse(Methods['batch.waterfall'].input, raw);
    if (!parsed.success) return { error: { error_code: NumericError.INPUT_ERROR, error_msg: `batch.waterfall: ${describeIssues(parsed.error.issues, raw)}` } };
    const answers: Envelope<unknown>[] = [];
    for (const item of parsed.data.list) {
      const at = item.indexOf('?');
      const name = at === -1 ? item : item.slice(0, at);
      if (name === 'batch.waterfall') {
        answers.push({ error: { error_code: NumericError.INPUT_ERROR, error_msg: 'batch.waterfall cannot be nested' } });
        continue;
      }
      answers.push(await dispatch(name, decodeQuery(new URLSearchParams(at === -1 ? '' : item.slice(at + 1))), caller));
    }
    return { response: answers };
  }
}

/** Registers the method routes (POSTs, and GETs the lean path passes on). */
export function registerRpc(app: FastifyInstance, call: RpcCall): void {
  // Framework-level refusals (a body too large, JSON that does not parse) keep the envelope's shape.
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error(error);
    const message = status === 413 ? 'request body too large' : status < 500 ? error.message : 'Internal error';
    return reply.code(status).send({ error: { error_code: status < 500 ? NumericError.INPUT_ERROR : NumericError.INTERNAL_ERROR, error_msg: message } });
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/method/:name',
    handler: async (request, reply): Promise<Envelope<unknown> | RateLimitedBody> => {
      reply.header('cache-control', 'no-store');
      const answer = await call({
        name: (request.params as { name: string }).name,
        url: request.url,
        body: request.body,
        isPost: request.method === 'POST',
        token: accessTokenOf(request),
        ip: request.ip,
      });
      if (answer.status === 429) reply.code(429).header('retry-after', String(answer.retryAfter));
      return answer.body;
    },
  });
}

function queryOf(url: string): URLSearchParams {
  const at = url.indexOf('?');
  return new URLSearchParams(at === -1 ? '' : url.slice(at + 1));
}
