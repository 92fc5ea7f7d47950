/**
 * HTTP side of the RPC: `GET|POST /api/method/{method}` and `batch.waterfall`, answering
 * the envelope with HTTP 200, or HTTP 429 with the rate_limited body.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Methods, NumericError, decodeQuery, describeIssues, z, type Envelope, type RateLimitedBody } from '../../src/contract/index.ts';
import { accessTokenOf } from '../auth/cookies.ts';
import { authenticate } from '../auth/sessions.ts';
import { AppError } from '../errors.ts';
import type { Services } from './context.ts';
import type { Caller, Dispatch } from './dispatch.ts';
import { createRateLimiter, createSharedRateLimiter } from './rate-limit.ts';

/** Longer query strings are refused before any parsing (the batch list is the longest honest one); Node itself answers 431 past 16 KiB. */
const MAX_QUERY_LENGTH = 8 * 1024;

/** Registers the method routes. */
export function registerRpc(app: FastifyInstance, services: Services, dispatch: Dispatch): void {
  const { config } = services;
  // Several processes (REDIS_URL) share their counts; one counts in-process, without a promise per request.
  const limiter = services.broker ? createSharedRateLimiter(services.broker, config.rateLimit) : createRateLimiter(config.rateLimit);

  function callerOf(request: FastifyRequest): Caller {
    const token = accessTokenOf(request);
    if (!token) return { user: null, sessionId: null, ip: request.ip };
    const { user, sessionId } = authenticate(services, token);
    return { user, sessionId, ip: request.ip };
  }

  function limited(reply: FastifyReply, retryAfter: number): RateLimitedBody {
    reply.code(429).header('retry-after', String(retryAfter));
    return { error: 'rate_limited', server_id: config.serverId, time: Math.floor(config.now() / 1000), retry_after: retryAfter };
  }

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
      let caller: Caller;
      try {
        caller = callerOf(request);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        let wait = limiter.hit(`ip:${request.ip}`, config.now());
        if (typeof wait !== 'number') wait = await wait;
        if (wait) return limited(reply, wait);
        return { error: { error_code: error.code, error_msg: error.message } };
      }
      const limitKey = caller.user ? `user:${caller.user.id}` : `ip:${caller.ip}`;
      let wait = limiter.hit(limitKey, config.now());
      if (typeof wait !== 'number') wait = await wait;
      if (wait) return limited(reply, wait);

      if (request.url.length > MAX_QUERY_LENGTH) {
        return { error: { error_code: NumericError.INPUT_ERROR, error_msg: `query string longer than ${MAX_QUERY_LENGTH} characters` } };
      }
      const { name } = request.params as { name: string };
      const raw = request.method === 'POST' ? (request.body ?? {}) : decodeQuery(queryOf(request.url));
      if (name === 'batch.waterfall') {
        // Each call of a batch is a request (issue 12: 20 calls counted as one); the request
        // itself counted as the first. Counted before any runs, so a batch runs whole or not at all.
        const calls = z.safeParse(Methods['batch.waterfall'].input, raw);
        for (let i = 1; calls.success && i < calls.data.list.length; i++) {
          let more = limiter.hit(limitKey, config.now());
          if (typeof more !== 'number') more = await more;
          if (more) return limited(reply, more);
        }
        return batch(raw, caller);
      }
      return dispatch(name, raw, caller);
    },
  });

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

function queryOf(url: string): URLSearchParams {
  const at = url.indexOf('?');
  return new URLSearchParams(at === -1 ? '' : url.slice(at + 1));
}
