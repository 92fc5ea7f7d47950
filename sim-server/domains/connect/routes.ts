/**
 * The connect service (docs/design.md section 4): sign-in with name and password (the account is
 * created on first use when the name passes the spec's rules), renewal, logout, and in sim
 * mode the stand-in for the external 'Login via steam' provider.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NamedError, NumericError, z, type ConnectAnswers, type Envelope, type RateLimitedBody } from '../../../src/contract/index.ts';
import { validateLoginForm, validateName } from '../../../src/core/validation.ts';
import { createConnectGuard, type Verdict } from '../../auth/connect-guard.ts';
import { accessTokenOf, clearAuthCookies, ensureDeviceToken, setAuthCookies } from '../../auth/cookies.ts';
import { authenticate, closeSessions, openSession, renewSession } from '../../auth/sessions.ts';
import { hashPassword, hashToken, randomToken, verifyPassword } from '../../auth/tokens.ts';
import { AppError } from '../../errors.ts';
import type { Services } from '../../rpc/context.ts';
import { createUser, findUserByName, findUserByProvider, publicUser, type UserRow } from '../../kernel/users.ts';
import { providerPage } from './provider-page.ts';
import { steamProfileFromForm } from './steam-profile.ts';
import type { SteamProfile } from '../../../src/core/steam-profile.ts';

const LoginBody = z.object({ username: z.optional(z.string()), password: z.optional(z.string()), captcha: z.optional(z.string()) });
const LogoutBody = z.optional(z.object({ all: z.optional(z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])) }));
const MIN_PASSWORD = 6;
/** The spec's words for every failed sign-in. */
const LOGIN_FAILED = 'Enter correct username and password';
const MAX_PASSWORD = 128;

const errorOf = (error: unknown): Envelope<never> => {
  if (error instanceof AppError) return { error: { error_code: error.code, error_msg: error.message } };
  throw error;
};

/** A safe place to send the browser back to: a path on this site only. */
export function safeCallback(url: unknown): string {
  return typeof url === 'string' && /^\/(?![/\\])[\w\-./?=&%@]*$/.test(url) ? url : '/';
}

/** A short name of the browser and system a sign-in came from ('Chrome on Linux'), for the other sessions' modal. */
export function describeDevice(agent: string | undefined): string {
  const ua = agent ?? '';
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrom(e|ium)\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'a browser';
  const system = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Windows/.test(ua) ? 'Windows' : /Mac OS X/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : 'another device';
  return `${browser} on ${system}`;
}

/** Registers /api/connect and the sim login provider. */
export function registerConnect(app: FastifyInstance, services: Services): void {
  const { db, config, ledger, hub } = services;

  const guard = createConnectGuard(config);

  /**
   * Finds or creates the account; creation pays the starting balance in the same transaction,
   * once per IP and per device in the grant window (issue 12: ten sign-ups, ten balances).
   */
  function findOrCreate(request: FastifyRequest, device: string, name: string, passwordHash: string | null, providerId: string | null): Promise<{ user: UserRow; created: boolean }> {
    return db.transaction(async (tx) => {
      const existing = providerId ? await findUserByProvider(tx, providerId) : await findUserByName(tx, name);
      if (existing) return { user: existing, created: false };
      if (providerId && await findUserByName(tx, name)) throw new AppError(NamedError.user_already_exists, 'This name is already used');
      const now = config.now();
      const since = now - config.startGrantWindowMs;
      const paidHere = config.startGrantWindowMs > 0
        && await tx.get('SELECT 1 FROM start_grants WHERE granted_at > ? AND (ip = ? OR device = ?) LIMIT 1', since, request.ip, device) !== undefined;
      const user = await createUser(tx, ledger, { name, passwordHash, providerId, startBalance: paidHere ? 0 : config.startBalance, now });
      if (!paidHere) await tx.run('INSERT INTO start_grants (user_id, ip, device, granted_at) VALUES (?, ?, ?, ?)', user.id, request.ip, device, now);
      return { user, created: true };
    });
  }

  /** Answers a refused attempt: HTTP 429 for a limit, an envelope for a lock or a challenge. */
  function refusal(reply: FastifyReply, verdict: Exclude<Verdict, { ok: true }>): Envelope<never> | RateLimitedBody {
    if (verdict.kind === 'limited') {
      reply.code(429).header('retry-after', String(verdict.retryAfter));
      return { error: 'rate_limited', server_id: config.serverId, time: Math.floor(config.now() / 1000), retry_after: verdict.retryAfter };
    }
    if (verdict.kind === 'locked') throw new AppError(NumericError.INVALID_DATA, `Too many failed sign-ins for this name: try again in ${verdict.minutes} min`);
    throw new AppError(NamedError.CAPTCHA_REQUIRED, 'Answer the challenge from GET /api/connect/challenge and send it as captcha');
  }

  app.get('/api/connect/challenge', async (_request, reply): Promise<Envelope<z.output<typeof ConnectAnswers.challenge>>> => {
    reply.header('cache-control', 'no-store');
    return { response: guard.challenge() };
  });

  /** The browser's device token, issued on its first sign-in attempt. */
  const deviceFor = (request: FastifyRequest, reply: FastifyReply): string => ensureDeviceToken(request, reply, () => randomToken(24));

  /** Opens a session and sets its cookies; answers the browser's device token. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, user: UserRow, device: string): Promise<string> {
    const tokens = await openSession(services, user.id, { device, ip: request.ip });
    setAuthCookies(request, reply, config, tokens);
    // The sessions already open hear of this one (the login-detected modal); the new session's
    // socket authenticates after this and starts past it.
    hub.toUser(user.id, 'LOGIN_DETECTED', { time: config.now(), device: describeDevice(request.headers['user-agent']) });
    return device;
  }

  app.post('/api/connect', async (request, reply): Promise<Envelope<z.output<typeof ConnectAnswers.signIn>> | RateLimitedBody> => {
    try {
      const body = z.safeParse(LoginBody, request.body ?? {});
      const username = body.success ? (body.data.username ?? '').trim() : '';
      const password = body.success ? (body.data.password ?? '') : '';
      const formError = validateLoginForm(username, password);
      if (formError) throw new AppError(NumericError.INPUT_ERROR, formError);
      // Spec (document 1 section 8): every failed sign-in reads the same; the form itself says
      // 'Incorrect name' before sending. A name that could never exist is no attempt to count.
      if (validateName(username) || password.length > MAX_PASSWORD) throw new AppError(NumericError.INVALID_DATA, LOGIN_FAILED);
      const verdict = guard.check(request.ip, username, body.success ? body.data.captcha : undefined);
      if (!verdict.ok) return refusal(reply, verdict);

      let user = await findUserByName(db, username);
      let created = false;
      if (!user) {
        // A new account's password needs 6 characters; the spec's wording for any failure stays.
        if (password.length < MIN_PASSWORD) throw new AppError(NumericError.INVALID_DATA, LOGIN_FAILED);
        ({ user, created } = await findOrCreate(request, deviceFor(request, reply), username, await hashPassword(password, config.passwordCost), null));
        if (created) guard.signedUp(request.ip);
        // Two first sign-ins raced: the other one created the account; check its password.
        if (!created && !(user.password_hash && (await verifyPassword(password, user.password_hash)))) user = undefined;
      } else if (!user.password_hash || !(await verifyPassword(password, user.password_hash))) {
        user = undefined;
      }
      if (!user) {
        guard.failed(request.ip, username);
        throw new AppError(NumericError.INVALID_DATA, LOGIN_FAILED);
      }
      await signIn(request, reply, user, deviceFor(request, reply));
      return { response: { user: publicUser(user), created } };
    } catch (error) {
      return errorOf(error);
    }
  });

  app.post('/api/connect/renew', async (request, reply): Promise<Envelope<z.output<typeof ConnectAnswers.renew>>> => {
    try {
      const tokens = await renewSession(services, request.cookies.refresh_token);
      setAuthCookies(request, reply, config, tokens);
      return { response: { renewed: true } };
    } catch (error) {
      clearAuthCookies(request, reply);
      return errorOf(error);
    }
  });

  app.post('/api/connect/logout', async (request, reply): Promise<Envelope<z.output<typeof ConnectAnswers.logout>>> => {
    const body = z.safeParse(LogoutBody, request.body ?? undefined);
    const all = body.success && [true, 1, '1'].includes(body.data?.all as never);
    const sessionId = await sessionOf(request);
    if (sessionId !== null) {
      await closeSessions(db, config.now(), sessionId, all);
      const userId = (await db.get<{ user_id: number }>('SELECT user_id FROM sessions WHERE id = ?', sessionId))!.user_id;
      const match = all ? { userId } : { sessionId };
      hub.dropSessions(match);
      // The other processes' sockets of the session are dropped at once too.
      services.broker?.announce({ kind: 'revoke', ...match });
    }
    clearAuthCookies(request, reply);
    return { response: { success: true } };
  });

  /** The session a logout names: by refresh cookie, else by a still-valid access token. */
  async function sessionOf(request: FastifyRequest): Promise<number | null> {
    const refresh = request.cookies.refresh_token;
    if (refresh) {
      const row = await db.get<{ id: number }>('SELECT id FROM sessions WHERE refresh_hash = ?', hashToken(refresh));
      if (row) return row.id;
    }
    const access = accessTokenOf(request);
    if (!access) return null;
    try {
      return (await authenticate(services, access)).sessionId;
    } catch {
      return null;
    }
  }

  if (!config.simMode) return;

  app.get('/api/connect/provider', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return providerPage({ callbackUrl: safeCallback(query.callbackUrl), error: null });
  });

  app.post('/api/connect/provider', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const callbackUrl = safeCallback(form.callbackUrl);
    const name = typeof form.name === 'string' ? form.name.trim() : '';
    const secret = typeof form.secret === 'string' ? form.secret : '';
    const nameError = validateName(name) ?? (name === '' ? 'Enter a player name' : null);
    const formError = nameError ?? (secret.length < MIN_PASSWORD || secret.length > MAX_PASSWORD ? `Enter the provider password (${MIN_PASSWORD} to ${MAX_PASSWORD} characters)` : null);
    reply.header('cache-control', 'no-store');
    const refuse = (code: number, error: string) => reply.type('text/html; charset=utf-8').code(code).send(providerPage({ callbackUrl, error }));
    const profile = formError ? null : steamProfileFromForm(form, name);
    if (formError || typeof profile === 'string') return refuse(400, formError ?? (profile as string));
    // The provider form is plain HTML (no script to answer a challenge): its limits are the
    // attempt counts and the lock; guessing there counts toward the same name's lock.
    const verdict = guard.check(request.ip, name, undefined);
    if (!verdict.ok && verdict.kind !== 'captcha') return refuse(429, verdict.kind === 'locked' ? `Too many failed sign-ins for this name: try again in ${verdict.minutes} min` : 'Too many sign-in attempts: try again later');
    const providerId = `sim:${name.toLowerCase()}`;
    // The provider's own identity is checked first: a name alone signs nobody in (docs/decisions/0018).
    if (!(await providerIdentityOk(providerId, secret, profile!))) {
      guard.failed(request.ip, name);
      return refuse(401, 'Wrong provider password for this name');
    }
    try {
      const device = deviceFor(request, reply);
      const { user, created } = await findOrCreate(request, device, name, null, providerId);
      if (created) guard.signedUp(request.ip);
      await signIn(request, reply, user, device);
      const target = `${callbackUrl}${callbackUrl.includes('?') ? '&' : '?'}device_token=${encodeURIComponent(device)}`;
      return reply.redirect(target, 303);
    } catch (error) {
      return refuse(409, error instanceof AppError ? error.message : 'Sign-in failed');
    }
  });

  /**
   * The sim provider's account check: a known identity needs its secret; an unknown one is
   * registered with the secret given (a player making their platform account). An identity
   * made before secrets existed is claimed by its first sign-in with one.
   */
  async function providerIdentityOk(providerId: string, secret: string, profile: SteamProfile): Promise<boolean> {
    const known = await db.get<{ secret_hash: string }>('SELECT secret_hash FROM sim_provider_accounts WHERE provider_id = ?', providerId);
    if (known) return verifyPassword(secret, known.secret_hash);
    const hash = await hashPassword(secret, config.passwordCost);
    // The simulated Steam profile is chosen once, when the identity is made.
    await db.run('INSERT INTO sim_provider_accounts (provider_id, secret_hash, created_at, steam_profile) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', providerId, hash, config.now(), JSON.stringify(profile));
    // Two first sign-ins raced: the stored secret decides.
    const stored = (await db.get<{ secret_hash: string }>('SELECT secret_hash FROM sim_provider_accounts WHERE provider_id = ?', providerId))!;
    return stored.secret_hash === hash || verifyPassword(secret, stored.secret_hash);
  }
}
