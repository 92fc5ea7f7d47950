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
import { createRateLimiter } from './rate-limit.ts';

/** Registers the method routes. */
export function registerRpc(app: FastifyInstance, services: Services, dispatch: Dispatch): void {
  const { config, db } = services;
  const limiter = createRateLimiter(config.rateLimit);

  async function callerOf(request: FastifyRequest): Promise<Caller> {
    const token = accessTokenOf(request);
    if (!token) return { user: null, sessionId: null, ip: request.ip };
    const { user, sessionId } = await authenticate(db, config, token);
    return { user, sessionId, ip: request.ip };
  }

  function limited(reply: FastifyReply, retryAfter: number): RateLimitedBody {
    reply.code(429).header('retry-after', String(retryAfter));
    return { error: 'rate_limited', server_id: config.serverId, time: Math.floor(config.now() / 1000), retry_after: retryAfter };
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/api/method/:name',
    handler: async (request, reply): Promise<Envelope<unknown> | RateLimitedBody> => {
      reply.header('cache-control', 'no-store');
      let caller: Caller;
      try {
        caller = await callerOf(request);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const wait = limiter.hit(`ip:${request.ip}`, config.now());
        if (wait) return limited(reply, wait);
        return { error: { error_code: error.code, error_msg: error.message } };
      }
      const wait = limiter.hit(caller.user ? `user:${caller.user.id}` : `ip:${caller.ip}`, config.now());
      if (wait) return limited(reply, wait);

      const { name } = request.params as { name: string };
      const raw = request.method === 'POST' ? (request.body ?? {}) : decodeQuery(queryOf(request.url));
      if (name === 'batch.waterfall') return batch(raw, caller);
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
