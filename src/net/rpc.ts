/**
 * The RPC client (document 1 section 7, docs/design.md section 4): GET /api/method/{name} with the
 * session cookies, the answer's envelope checked and its response validated against the
 * method's output schema. Error routing follows document 3 section 8: an expired access
 * token is renewed once and the call retried; any other token problem means the player is
 * signed out; HTTP 429 raises the rate-limit screen. Calls carrying a batch label are merged
 * into one batch.waterfall.
 *
 * Prompts (document 3 section 8 'Request lifecycle'): CAPTCHA_REQUIRED, SECURE_CODE_REQUIRED,
 * SECURE_REQUIRED and ACTIVE_STREAM_PARTY_EXISTS raise a prompt the app answers (protection
 * challenge, 2FA code, 2FA setup, close the party). The call waits and is retried when the
 * prompt is done (with the 2FA code, for a code prompt), or ends with NOT_SHOW 'Cancelled by
 * user.' when it is cancelled. Every other call waits while a prompt is open, as it does
 * during a token renewal.
 *
 * Its parts: the HTTP leg and the envelope (rpc-http.ts), the prompt queue (rpc-prompts.ts),
 * signing in and out (rpc-connect.ts); this module routes each call's answer.
 */
import {
  Methods,
  NamedError,
  NumericError,
  MAX_BATCH,
  TokenMessage,
  describeIssues,
  encodeQuery,
  z,
  type ErrorCode,
  type MethodInput,
  type MethodName,
  type MethodResult,
  type QueryValue,
} from '../contract/index.ts';
import { createEmitter } from './emitter.ts';
import { RpcContractError, RpcError, RpcNetworkError, RpcRateLimitedError } from './errors.ts';
import { renewOnce } from './renew-lock.ts';
import { createConnect } from './rpc-connect.ts';
import { createHttp, type Envelope, type RpcEvents } from './rpc-http.ts';
import { CANCELLED_BY_USER, PROMPT_ERRORS, createPromptQueue, type PromptOutcome, type RpcPrompt } from './rpc-prompts.ts';

export { RpcContractError, RpcError, RpcNetworkError, RpcRateLimitedError };
export type { RpcEvents } from './rpc-http.ts';
export { CANCELLED_BY_USER, PROMPT_ERRORS, type PromptKind, type PromptOutcome, type RpcPrompt } from './rpc-prompts.ts';

/** Options of a single call. */
export interface CallOptions {
  /** Merges this call with others of the same label issued in the same tick (spec: `batch`). */
  batch?: string;
  signal?: AbortSignal;
  /** The call belongs to the open prompt's own flow (2FA setup, closing the party): it does not wait for the prompt. */
  forPrompt?: boolean;
}

/** Params of a call: optional when every field of the method's input is optional. */
type ParamsArg<N extends MethodName> = object extends MethodInput<N> ? [params?: MethodInput<N>, options?: CallOptions] : [params: MethodInput<N>, options: CallOptions] | [params: MethodInput<N>];

/** Configuration of the RPC client; the defaults suit the browser. */
export interface RpcOptions {
  /** Origin of the API; '' is this page's origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Spec: the client waits about 1 s before renewing (lets a burst of expired calls gather). */
  renewDelayMs?: number;
  /** How long batch-labelled calls gather before they are sent together. */
  batchWindowMs?: number;
}

interface Sent {
  envelope: Envelope;
  /** Renewals completed before the request left; an expiry seen after a newer renewal only needs a retry. */
  generation: number;
}

/** Re-sends a call, with extra params (a 2FA code) merged into its own. */
type Retry = (extra?: Record<string, QueryValue>) => Promise<Sent>;

interface Queued {
  method: MethodName;
  params: Record<string, QueryValue>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

const isExpired = (code: string | number, message: string) => code === NumericError.ACCESS_DENIED && message === TokenMessage.EXPIRED;
// Any other ACCESS_DENIED about the token (invalid, revoked, missing) ends the session.
const isTokenProblem = (code: string | number, message: string) => code === NumericError.ACCESS_DENIED && message.startsWith('jwt ');

/** Builds an RPC client. */
export function createRpc(options: RpcOptions = {}) {
  const { baseUrl = '', renewDelayMs = 1000, batchWindowMs = 0 } = options;
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const events = createEmitter<RpcEvents>();
  const transport = createHttp({ baseUrl, fetch: fetchImpl, events });
  const { http, envelopeOf, postConnect } = transport;
  const prompts = createPromptQueue((prompt) => events.emit('prompt', prompt));
  let renewal: Promise<void> | null = null;
  let generation = 0;
  const queues = new Map<string, Queued[]>();

  async function send(method: MethodName, params: Record<string, QueryValue>, signal?: AbortSignal, forPrompt = false): Promise<Sent> {
    // Calls made while a renewal runs wait for it, so they carry the new cookie; calls made
    // while a prompt is open wait for the player to answer it.
    if (renewal) await renewal.catch(() => undefined);
    if (!forPrompt) await prompts.closed();
    const sentAt = generation;
    const query = encodeQuery(params);
    const body = await http(method, `/api/method/${method}${query ? `?${query}` : ''}`, { method: 'GET', ...(signal ? { signal } : {}) });
    return { envelope: envelopeOf(method, body), generation: sentAt };
  }

  function renew(): Promise<void> {
    renewal ??= (async () => {
      if (renewDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, renewDelayMs));
      await renewOnce(async () => {
        const envelope = await postConnect('connect.renew', '/api/connect/renew');
        if ('error' in envelope) {
          const { error_code, error_msg } = envelope.error;
          // Spec: invalid_grant forces logout; other renewal errors only fail the pending calls.
          if (error_code === NamedError.invalid_grant) events.emit('logged-out', { reason: error_msg });
          throw new RpcError(error_code as ErrorCode, error_msg, 'connect.renew');
        }
      });
      generation += 1;
      events.emit('renewed', undefined);
    })().finally(() => {
      renewal = null;
    });
    return renewal;
  }

  function parseOutput<N extends MethodName>(method: N, response: unknown): MethodResult<N> {
    const parsed = z.safeParse(Methods[method].output, response);
    if (!parsed.success) throw new RpcContractError(method, describeIssues(parsed.error.issues));
    return parsed.data as MethodResult<N>;
  }

  /**
   * Routes one envelope: a result, a renewal and one retry, a prompt and a retry once it is
   * done, a sign-out, or an RpcError.
   */
  async function settle<N extends MethodName>(method: N, sent: Sent, retry: Retry, retried = false, forPrompt = false): Promise<MethodResult<N>> {
    const { envelope } = sent;
    if (!('error' in envelope)) return parseOutput(method, envelope.response);
    const { error_code: code, error_msg: message } = envelope.error;
    if (isExpired(code, message) && !retried) {
      if (sent.generation === generation) await renew();
      return settle(method, await retry(), retry, true, forPrompt);
    }
    const kind = PROMPT_ERRORS[code as ErrorCode];
    if (kind && !forPrompt) {
      const outcome = await prompts.raise({ kind, message, method });
      if (outcome && !outcome.done) throw new RpcError(NamedError.NOT_SHOW, CANCELLED_BY_USER, method);
      if (outcome) return settle(method, await retry(outcome.secure_code === undefined ? {} : { secure_code: outcome.secure_code }), retry, retried);
    }
    if (isTokenProblem(code, message)) events.emit('logged-out', { reason: message });
    throw new RpcError(code as ErrorCode, message, method);
  }

  /** Sends a call again; a 2FA code given to a prompt stays with it for later retries (a renewal). */
  function resender(method: MethodName, params: Record<string, QueryValue>, signal?: AbortSignal, forPrompt = false): Retry {
    let current = params;
    return (extra = {}) => send(method, (current = { ...current, ...extra }), signal, forPrompt);
  }

  async function callNow<N extends MethodName>(method: N, params: Record<string, QueryValue>, signal?: AbortSignal, forPrompt = false): Promise<MethodResult<N>> {
    const once = resender(method, params, signal, forPrompt);
    return settle(method, await once(), once, false, forPrompt);
  }

  async function flush(label: string): Promise<void> {
    const queued = queues.get(label) ?? [];
    queues.delete(label);
    for (let at = 0; at < queued.length; at += MAX_BATCH) {
      const chunk = queued.slice(at, at + MAX_BATCH);
      if (chunk.length === 1) {
        const [only] = chunk as [Queued];
        callNow(only.method, only.params).then(only.resolve, only.reject);
        continue;
      }
      const list = chunk.map(({ method, params }) => {
        const query = encodeQuery(params);
        return query ? `${method}?${query}` : method;
      });
      try {
        const whole = () => send('batch.waterfall', { list: JSON.stringify(list) });
        const answers = await settle('batch.waterfall', await whole(), whole);
        chunk.forEach((item, i) => {
          const answer = answers[i];
          if (!answer) return item.reject(new RpcContractError('batch.waterfall', `no answer for ${item.method}`));
          settle(item.method, { envelope: answer, generation }, resender(item.method, item.params)).then(item.resolve, item.reject);
        });
      } catch (error) {
        for (const item of chunk) item.reject(error);
      }
    }
  }

  /** Calls a method of the contract; resolves its validated result or rejects with an Rpc*Error. */
  function call<N extends MethodName>(method: N, ...[params, callOptions]: ParamsArg<N>): Promise<MethodResult<N>> {
    const query = (params ?? {}) as Record<string, QueryValue>;
    if (!callOptions?.batch || callOptions.forPrompt) return callNow(method, query, callOptions?.signal, callOptions?.forPrompt);
    const label = callOptions.batch;
    return new Promise((resolve, reject) => {
      let queue = queues.get(label);
      if (!queue) {
        queues.set(label, (queue = []));
        setTimeout(() => void flush(label), batchWindowMs);
      }
      queue.push({ method, params: query, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  /** Listens to the client's events; prompts open only while someone listens to 'prompt'. */
  function on<K extends keyof RpcEvents>(event: K, listener: (payload: RpcEvents[K]) => void): () => void {
    const off = events.on(event, listener);
    if (event !== 'prompt') return off;
    const unshown = prompts.shown();
    return () => {
      unshown();
      off();
    };
  }

  return {
    call,
    ...createConnect(transport),
    on,
    /** Opens a prompt the server asked for over the socket; calls wait until it ends. */
    raisePrompt: (prompt: RpcPrompt): Promise<PromptOutcome | null> => prompts.raise(prompt),
    resolvePrompt: prompts.resolve,
    /** The open prompt, if any. */
    currentPrompt: prompts.current,
    /** Whether the last request reached the server (null: none made yet). */
    reachable: transport.reachable,
  };
}

/** An RPC client. */
export type Rpc = ReturnType<typeof createRpc>;
