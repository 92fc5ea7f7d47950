/**
 * The RPC client (document 1 section 7, DESIGN.md section 3): GET /api/method/{name} with the
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
 */
import {
  Methods,
  NamedError,
  NumericError,
  ConnectAnswers,
  EnvelopeSchema,
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
  RateLimitedBody,
} from '../contract/index.ts';
import { createEmitter } from './emitter.ts';
import { RpcContractError, RpcError, RpcNetworkError, RpcRateLimitedError } from './errors.ts';
import { renewOnce } from './renew-lock.ts';

export { RpcContractError, RpcError, RpcNetworkError, RpcRateLimitedError };

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

/** The prompts a call can wait on. */
export type PromptKind = 'captcha' | 'secure-code' | 'secure-setup' | 'close-party';

/** An open prompt: what to ask, and why. */
export interface RpcPrompt {
  kind: PromptKind;
  /** The server's words (e.g. 'Invalid 2FA code' after a wrong one). */
  message: string;
  /** The call that raised it; absent for a prompt the socket raised. */
  method?: string;
  /** The protection challenge's token, when the socket raised it. */
  token?: string;
}

/** How a prompt ended: done (a code prompt carries the code) or cancelled. */
export type PromptOutcome = { done: true; secure_code?: string } | { done: false };

/** The error codes that open a prompt instead of failing the call. */
export const PROMPT_ERRORS: Readonly<Partial<Record<ErrorCode, PromptKind>>> = {
  [NamedError.CAPTCHA_REQUIRED]: 'captcha',
  [NamedError.SECURE_CODE_REQUIRED]: 'secure-code',
  [NamedError.SECURE_REQUIRED]: 'secure-setup',
  [NamedError.ACTIVE_STREAM_PARTY_EXISTS]: 'close-party',
};

/** Spec: a waiting request cancelled by its prompt ends silently with this (code NOT_SHOW). */
export const CANCELLED_BY_USER = 'Cancelled by user.';

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

const LoginAnswer = ConnectAnswers.signIn;
const ChallengeAnswer = ConnectAnswers.challenge;


type Envelope = z.output<typeof EnvelopeSchema>;

interface Sent {
  envelope: Envelope;
  /** Renewals completed before the request left; an expiry seen after a newer renewal only needs a retry. */
  generation: number;
}

interface OpenPrompt {
  prompt: RpcPrompt;
  outcome: Promise<PromptOutcome>;
  resolve(outcome: PromptOutcome): void;
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
  let renewal: Promise<void> | null = null;
  let generation = 0;
  const queues = new Map<string, Queued[]>();
  let openPrompt: OpenPrompt | null = null;
  /** Whether the last request reached the server; null before the first one. */
  let reachable: boolean | null = null;
  let promptListeners = 0;

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

  function noteReachable(value: boolean): void {
    if (reachable === value) return;
    reachable = value;
    events.emit('reachable', value);
  }

  function envelopeOf(method: string, body: unknown): Envelope {
    const envelope = z.safeParse(EnvelopeSchema, body);
    if (envelope.success) return envelope.data;
    throw new RpcContractError(method, 'no response or error envelope');
  }

  async function send(method: MethodName, params: Record<string, QueryValue>, signal?: AbortSignal, forPrompt = false): Promise<Sent> {
    // Calls made while a renewal runs wait for it, so they carry the new cookie; calls made
    // while a prompt is open wait for the player to answer it.
    if (renewal) await renewal.catch(() => undefined);
    if (!forPrompt) await promptsClosed();
    const sentAt = generation;
    const query = encodeQuery(params);
    const body = await http(method, `/api/method/${method}${query ? `?${query}` : ''}`, { method: 'GET', ...(signal ? { signal } : {}) });
    return { envelope: envelopeOf(method, body), generation: sentAt };
  }

  async function postConnect(label: string, path: string, payload?: object): Promise<Envelope> {
    const init: RequestInit = payload
      ? { method: 'POST', body: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }
      : { method: 'POST' };
    return envelopeOf(label, await http(label, path, init));
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

  /** Resolves once no prompt is open, or only one of kind `except` is. */
  async function promptsClosed(except?: PromptKind): Promise<void> {
    for (let open = openPrompt; open && open.prompt.kind !== except; open = openPrompt) await open.outcome;
  }

  /**
   * Opens a prompt, or joins the open one of the same kind; a different kind waits for the
   * open one to end first. Answers null when nothing in the app can show prompts.
   */
  async function raisePrompt(prompt: RpcPrompt): Promise<PromptOutcome | null> {
    // Opened synchronously when nothing else is open, so calls made right after it wait.
    if (openPrompt && openPrompt.prompt.kind !== prompt.kind) await promptsClosed(prompt.kind);
    if (openPrompt) return openPrompt.outcome;
    if (promptListeners === 0) return null;
    let resolve!: (outcome: PromptOutcome) => void;
    const outcome = new Promise<PromptOutcome>((done) => (resolve = done));
    openPrompt = { prompt, outcome, resolve };
    events.emit('prompt', prompt);
    return outcome;
  }

  /** Ends the open prompt of `kind`: its calls are retried (done) or cancelled. */
  function resolvePrompt(kind: PromptKind, outcome: PromptOutcome): void {
    if (!openPrompt || openPrompt.prompt.kind !== kind) return;
    const { resolve } = openPrompt;
    openPrompt = null;
    resolve(outcome);
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
      const outcome = await raisePrompt({ kind, message, method });
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

  /** Signs in with name and password (the sim creates the account on first use). */
  async function login(username: string, password: string): Promise<z.output<typeof LoginAnswer>> {
    let envelope = await postConnect('connect', '/api/connect', { username, password });
    if ('error' in envelope && envelope.error.error_code === NamedError.CAPTCHA_REQUIRED) {
      // The server thinks this looks automated: answer its proof-of-work challenge and retry once.
      envelope = await postConnect('connect', '/api/connect', { username, password, captcha: await answerChallenge() });
    }
    if ('error' in envelope) throw new RpcError(envelope.error.error_code as ErrorCode, envelope.error.error_msg, 'connect');
    const parsed = z.safeParse(LoginAnswer, envelope.response);
    if (!parsed.success) throw new RpcContractError('connect', describeIssues(parsed.error.issues));
    return parsed.data;
  }

  /** Fetches a sign-in challenge and solves it (the solver loads only when a challenge comes). */
  async function answerChallenge(): Promise<string> {
    const envelope = envelopeOf('connect.challenge', await http('connect.challenge', '/api/connect/challenge', { method: 'GET' }));
    if ('error' in envelope) throw new RpcError(envelope.error.error_code as ErrorCode, envelope.error.error_msg, 'connect.challenge');
    const parsed = z.safeParse(ChallengeAnswer, envelope.response);
    if (!parsed.success) throw new RpcContractError('connect.challenge', describeIssues(parsed.error.issues));
    const { solveChallenge } = await import('../core/proof-of-work.ts');
    return `${parsed.data.challenge}:${await solveChallenge(parsed.data.challenge, parsed.data.bits)}`;
  }

  /** Ends this session, or with `all` every session of the player; the server clears the cookies. */
  async function logout(all = false): Promise<void> {
    const envelope = await postConnect('connect.logout', '/api/connect/logout', { all });
    if ('error' in envelope) throw new RpcError(envelope.error.error_code as ErrorCode, envelope.error.error_msg, 'connect.logout');
  }

  /** Listens to the client's events; prompts open only while someone listens to 'prompt'. */
  function on<K extends keyof RpcEvents>(event: K, listener: (payload: RpcEvents[K]) => void): () => void {
    const off = events.on(event, listener);
    if (event !== 'prompt') return off;
    promptListeners += 1;
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      promptListeners -= 1;
      off();
    };
  }

  return {
    call,
    login,
    logout,
    on,
    /** Opens a prompt the server asked for over the socket; calls wait until it ends. */
    raisePrompt: (prompt: RpcPrompt): Promise<PromptOutcome | null> => raisePrompt(prompt),
    resolvePrompt,
    /** The open prompt, if any. */
    currentPrompt: (): RpcPrompt | null => openPrompt?.prompt ?? null,
    /** Whether the last request reached the server (null: none made yet). */
    reachable: (): boolean | null => reachable,
  };
}

/** An RPC client. */
export type Rpc = ReturnType<typeof createRpc>;
