/**
 * The lean path: GET /api/method/{name} answered straight from node:http, ahead of fastify's
 * routing, hooks and reply machinery (docs/decisions/0038). It calls the same RpcCall as the
 * fastify route (auth, rate limits, validation, dispatch, envelope) and writes the same
 * headers and bytes the route and its onSend hooks would. Whatever it does not recognise
 * exactly (POST, HEAD, an encoded or odd name, doubled slashes) goes on to fastify untouched.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NumericError } from '../../src/contract/index.ts';
import type { CommitGate } from '../db/transaction.ts';
import { COMPRESS_MIN_BYTES, compressBody } from '../http/compress.ts';
import { ANSWER_HEADERS } from '../http/headers.ts';
import type { RpcCall } from './routes.ts';
import { serialiseEnvelope } from './serialise.ts';

const PREFIX = '/api/method/';
/** fastify's route parameter limit (maxParamLength 100): longer names are its 404, not ours. */
const NAME = /^[\w.-]{1,100}$/;

/** What the lean path needs besides the call. */
export interface LeanOptions {
  call: RpcCall;
  /** An answer waits for the commit of what it read or wrote, as fastify's onSend makes it. */
  commits: CommitGate;
  trustProxy: boolean;
  /** The access_token cookie's value, parsed as @fastify/cookie parses it. */
  parseCookie: (header: string) => Record<string, string | undefined>;
  log: { error(obj: unknown, msg: string): void };
}

/** Answers the request and says true, or says false and leaves it to fastify. */
export type LeanHandler = (request: IncomingMessage, response: ServerResponse) => boolean;

/** Builds the handler. */
export function createLeanRpc(options: LeanOptions): LeanHandler {
  const { call, commits, trustProxy, parseCookie, log } = options;
  return (request, response) => {
    const url = request.url;
    if (request.method !== 'GET' || url === undefined || !url.startsWith(PREFIX)) return false;
    const query = url.indexOf('?', PREFIX.length);
    const name = query === -1 ? url.slice(PREFIX.length) : url.slice(PREFIX.length, query);
    if (!NAME.test(name)) return false;
    // fastify collapses doubled slashes before routing (app.ts rewriteUrl): a query holding
    // one is left as it is there too, so only the path matters.
    let pending: ReturnType<RpcCall>;
    try {
      pending = call({ name, url, body: undefined, isPost: false, token: tokenOf(request, parseCookie), ip: ipOf(request, trustProxy) });
    } catch {
      // Nothing thrown here may take the process down: fastify's route answers it instead.
      return false;
    }
    pending
      .then((answer) => {
        const headers: Record<string, string | number> = { 'cache-control': 'no-store' };
        if (answer.status === 429) headers['retry-after'] = String(answer.retryAfter);
        return send(request, response, answer.status, headers, answer.body, commits);
      })
      .catch((error: unknown) => {
        log.error(error, 'RPC request failed');
        return send(request, response, 500, {}, { error: { error_code: NumericError.INTERNAL_ERROR, error_msg: 'Internal error' } }, commits);
      })
      .catch((error: unknown) => {
        log.error(error, 'RPC answer failed');
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
    return true;
  };
}

/** Writes a JSON answer with the headers fastify's reply and the app's onSend hooks add. */
async function send(
  request: IncomingMessage, response: ServerResponse, status: number, headers: Record<string, string | number>, payload: unknown, commits: CommitGate,
): Promise<void> {
  let body: Buffer = Buffer.from(serialiseEnvelope(payload));
  headers['content-type'] = 'application/json; charset=utf-8';
  Object.assign(headers, ANSWER_HEADERS);
  if (body.length >= COMPRESS_MIN_BYTES) {
    // Whether compressed or not, the answer depends on the header: shared caches must know.
    headers.vary = 'accept-encoding';
    const compressed = await compressBody(body, request.headers['accept-encoding']);
    if (compressed) {
      headers['content-encoding'] = compressed.encoding;
      body = compressed.packed;
    }
  }
  headers['content-length'] = body.length;
  if (commits.pending) await new Promise<void>((done) => commits.whenCommitted(done));
  response.writeHead(status, headers);
  response.end(body);
}

/** The access token: a Bearer header, else the access_token cookie (as accessTokenOf reads a fastify request). */
function tokenOf(request: IncomingMessage, parseCookie: LeanOptions['parseCookie']): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7);
  const cookie = request.headers.cookie;
  return cookie ? parseCookie(cookie).access_token : undefined;
}

/**
 * The client's address as fastify's request.ip gives it: the socket's peer, or with
 * TRUST_PROXY=1 (trust every hop) the left-most address X-Forwarded-For names.
 */
export function ipOf(request: IncomingMessage, trustProxy: boolean): string {
  const peer = request.socket.remoteAddress ?? '';
  if (!trustProxy) return peer;
  const header = request.headers['x-forwarded-for'];
  const forwarded = Array.isArray(header) ? header.join(',') : header;
  if (!forwarded) return peer;
  for (const part of forwarded.split(',')) {
    const address = part.trim();
    if (address) return address;
  }
  return peer;
}
