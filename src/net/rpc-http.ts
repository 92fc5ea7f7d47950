/**
 * The RPC client's HTTP leg: one request with the session cookies, its answer read as the
 * spec's envelope. HTTP 429 raises the rate-limit screen, and whether the arena answers at
 * all is reported when it changes (a proxy's error page without JSON counts as no answer).
 */
import { EnvelopeSchema, RateLimitedBody, z } from '../contract/index.ts';
import type { Emitter } from './emitter.ts';
import { RpcContractError, RpcNetworkError, RpcRateLimitedError } from './errors.ts';
import type { RpcPrompt } from './rpc-prompts.ts';

/** What the client tells the rest of the app about the session and the server. */
export type RpcEvents = {
  /** The server no longer accepts this browser's tokens: the app signs out. */
  'logged-out': { reason: string };
  /** The server refused the request rate; the payload is the 429 body. */
  'rate-limited': RateLimitedBody;
  /** New access and refresh cookies were issued. */
  renewed: undefined;
  /** A prompt opened: the app shows it and answers with resolvePrompt. */
  prompt: RpcPrompt;
  /** The server answered (true) or could not be reached (false), when that changes. */
  reachable: boolean;
};

export type Envelope = z.output<typeof EnvelopeSchema>;

/** Where requests go and how they are made. */
export interface HttpOptions {
  /** Origin of the API; '' is this page's origin. */
  baseUrl: string;
  fetch: typeof fetch;
  events: Emitter<RpcEvents>;
}

/** Builds the HTTP leg of one RPC client. */
export function createHttp({ baseUrl, fetch: fetchImpl, events }: HttpOptions) {
  /** Whether the last request reached the server; null before the first one. */
  let reachable: boolean | null = null;

  function noteReachable(value: boolean): void {
    if (reachable === value) return;
    reachable = value;
    events.emit('reachable', value);
  }

  /** Makes one request and answers its JSON body; `label` names it in errors. */
  async function http(label: string, path: string, init: RequestInit): Promise<unknown> {
    let res: Response;
    try {
      res = await fetchImpl(`${baseUrl}${path}`, { credentials: 'same-origin', ...init, headers: { accept: 'application/json', ...init.headers } });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      noteReachable(false);
      throw new RpcNetworkError(label, (error as Error).message || 'network error');
    }
    const body: unknown = await res.json().catch(() => undefined);
    // A proxy's error page (no JSON) means the arena itself did not answer.
    noteReachable(body !== undefined || res.status === 429);
    if (res.status === 429) {
      const parsed = z.safeParse(RateLimitedBody, body);
      const details: RateLimitedBody = parsed.success
        ? parsed.data
        : { error: 'rate_limited', server_id: 'unknown', time: Math.floor(Date.now() / 1000), retry_after: Number(res.headers.get('retry-after') ?? 60) };
      events.emit('rate-limited', details);
      throw new RpcRateLimitedError(label, details);
    }
    if (body === undefined) throw new RpcNetworkError(label, `HTTP ${res.status} without a JSON answer`);
    return body;
  }

  function envelopeOf(method: string, body: unknown): Envelope {
    const envelope = z.safeParse(EnvelopeSchema, body);
    if (envelope.success) return envelope.data;
    throw new RpcContractError(method, 'no response or error envelope');
  }

  /** POSTs to one of the /api/connect routes (sign-in, renewal, sign-out). */
  async function postConnect(label: string, path: string, payload?: object): Promise<Envelope> {
    const init: RequestInit = payload
      ? { method: 'POST', body: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }
      : { method: 'POST' };
    return envelopeOf(label, await http(label, path, init));
  }

  return { http, envelopeOf, postConnect, reachable: (): boolean | null => reachable };
}

/** The HTTP leg of an RPC client. */
export type Http = ReturnType<typeof createHttp>;
