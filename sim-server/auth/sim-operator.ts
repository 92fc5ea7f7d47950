/**
 * Who may use the sim console (docs/decisions/0018): a caller on this machine (unless
 * SIM_OPEN=1) holding the operator key from DATA_DIR, which the server prints at start. The
 * key arrives as the `x-sim-key` header (scripts, tests) or the `sim_key` cookie, which the
 * printed link `/api/sim/payments?key=...` sets for a browser.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NumericError } from '../../src/contract/index.ts';
import type { Config } from '../config.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Whether the request comes from this machine: the socket's peer and, behind a proxy, the client it names. */
export function isLocal(request: FastifyRequest): boolean {
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && LOOPBACK.has(request.ip);
}

const sameKey = (given: unknown, key: string): boolean =>
  typeof given === 'string' && given.length === key.length && timingSafeEqual(Buffer.from(given), Buffer.from(key));

/** The operator key a request carries, if it is the right one. */
export function hasOperatorKey(request: FastifyRequest, config: Config): boolean {
  return sameKey(request.headers['x-sim-key'], config.simOperatorKey) || sameKey(request.cookies.sim_key, config.simOperatorKey);
}

/**
 * Guards one console route; answers true when the request may go on, else has answered it
 * (404 from outside, so the console's existence is not advertised; 403 without the key).
 */
export function operatorOnly(request: FastifyRequest, reply: FastifyReply, config: Config): boolean {
  if (!config.simOpen && !isLocal(request)) {
    void reply.code(404).send({ error: { error_code: NumericError.INPUT_ERROR, error_msg: `No route ${request.method} ${request.url.split('?')[0]}` } });
    return false;
  }
  const query = request.query as { key?: unknown } | undefined;
  if (request.method === 'GET' && sameKey(query?.key, config.simOperatorKey)) {
    // The printed link: remember the key in a cookie only the sim routes see, then drop it from the address.
    void reply
      .setCookie('sim_key', config.simOperatorKey, { path: '/api/sim', httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https' })
      .redirect(request.url.split('?')[0]!, 303);
    return false;
  }
  if (hasOperatorKey(request, config)) return true;
  void reply.code(403).send({ error: { error_code: NumericError.ACCESS_DENIED, error_msg: 'The sim console needs the operator key printed when the server started' } });
  return false;
}

/** Route options that put a sim route behind the operator rule: `app.post(path, operatorRoute(config), handler)`. */
export function operatorRoute(config: Config) {
  return {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      if (!operatorOnly(request, reply, config)) return reply;
    },
  };
}
