/**
 * The connect service (DESIGN.md section 3): sign-in with name and password (the account is
 * created on first use when the name passes the spec's rules), renewal, logout, and in sim
 * mode the stand-in for the external 'Login via steam' provider.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NamedError, NumericError, z, type ConnectAnswers, type Envelope } from '../../../src/contract/index.ts';
import { validateLoginForm, validateName } from '../../../src/core/validation.ts';
import { accessTokenOf, clearAuthCookies, ensureDeviceToken, setAuthCookies } from '../../auth/cookies.ts';
import { authenticate, closeSessions, openSession, renewSession } from '../../auth/sessions.ts';
import { hashPassword, hashToken, randomToken, verifyPassword } from '../../auth/tokens.ts';
import { AppError } from '../../errors.ts';
import type { Services } from '../../rpc/context.ts';
import { createUser, findUserByName, findUserByProvider, publicUser, type UserRow } from '../account/users.ts';
import { providerPage } from './provider-page.ts';

const LoginBody = z.object({ username: z.optional(z.string()), password: z.optional(z.string()) });
const LogoutBody = z.optional(z.object({ all: z.optional(z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])) }));
const MIN_PASSWORD = 6;
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

  /** Finds or creates the account; creation pays the starting balance in the same transaction. */
  function findOrCreate(name: string, passwordHash: string | null, providerId: string | null): { user: UserRow; created: boolean } {
    return db.transaction((tx) => {
      const existing = providerId ? findUserByProvider(tx, providerId) : findUserByName(tx, name);
      if (existing) return { user: existing, created: false };
      if (providerId && findUserByName(tx, name)) throw new AppError(NamedError.user_already_exists, 'This name is already used');
      return { user: createUser(tx, ledger, { name, passwordHash, providerId, startBalance: config.startBalance, now: config.now() }), created: true };
    });
  }

  /** Opens a session and sets its cookies; answers the browser's device token. */
  function signIn(request: FastifyRequest, reply: FastifyReply, user: UserRow): string {
    const device = ensureDeviceToken(request, reply, () => randomToken(24));
    const tokens = openSession(services, user.id, device);
    setAuthCookies(request, reply, config, tokens);
    // The sessions already open hear of this one (the login-detected modal); the new session's
    // socket authenticates after this and starts past it.
    hub.toUser(user.id, 'LOGIN_DETECTED', { time: config.now(), device: describeDevice(request.headers['user-agent']) });
    return device;
  }

  app.post('/api/connect', async (request, reply): Promise<Envelope<z.output<typeof ConnectAnswers.signIn>>> => {
    try {
      const body = z.safeParse(LoginBody, request.body ?? {});
      const username = body.success ? (body.data.username ?? '').trim() : '';
      const password = body.success ? (body.data.password ?? '') : '';
      const formError = validateLoginForm(username, password);
      if (formError) throw new AppError(NumericError.INPUT_ERROR, formError);
      const nameError = validateName(username);
      if (nameError) throw new AppError(NumericError.INPUT_ERROR, nameError);
      if (password.length > MAX_PASSWORD) throw new AppError(NumericError.INPUT_ERROR, 'Enter correct username and password');

      let user = findUserByName(db, username);
      let created = false;
      if (!user) {
        if (password.length < MIN_PASSWORD) throw new AppError(NumericError.INPUT_ERROR, `Password must be at least ${MIN_PASSWORD} characters`);
        ({ user, created } = findOrCreate(username, await hashPassword(password), null));
        // Two first sign-ins raced: the other one created the account; check its password.
        if (!created && !(user.password_hash && (await verifyPassword(password, user.password_hash)))) user = undefined;
      } else if (!user.password_hash || !(await verifyPassword(password, user.password_hash))) {
        user = undefined;
      }
      if (!user) throw new AppError(NumericError.INVALID_DATA, 'Enter correct username and password');
      signIn(request, reply, user);
      return { response: { user: publicUser(user), created } };
    } catch (error) {
      return errorOf(error);
    }
  });

  app.post('/api/connect/renew', async (request, reply): Promise<Envelope<z.output<typeof ConnectAnswers.renew>>> => {
    try {
      const tokens = renewSession(services, request.cookies.refresh_token);
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
    const sessionId = sessionOf(request);
    if (sessionId !== null) {
      closeSessions(db, config.now(), sessionId, all);
      const userId = db.get<{ user_id: number }>('SELECT user_id FROM sessions WHERE id = ?', sessionId)!.user_id;
      hub.dropSessions(all ? { userId } : { sessionId });
    }
    clearAuthCookies(request, reply);
    return { response: { success: true } };
  });

  /** The session a logout names: by refresh cookie, else by a still-valid access token. */
  function sessionOf(request: FastifyRequest): number | null {
    const refresh = request.cookies.refresh_token;
    if (refresh) {
      const row = db.get<{ id: number }>('SELECT id FROM sessions WHERE refresh_hash = ?', hashToken(refresh));
      if (row) return row.id;
    }
    const access = accessTokenOf(request);
    if (!access) return null;
    try {
      return authenticate(services, access).sessionId;
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
    const nameError = validateName(name) ?? (name === '' ? 'Enter a player name' : null);
    reply.header('cache-control', 'no-store');
    if (nameError) return reply.type('text/html; charset=utf-8').code(400).send(providerPage({ callbackUrl, error: nameError }));
    try {
      const { user } = findOrCreate(name, null, `sim:${name.toLowerCase()}`);
      const device = signIn(request, reply, user);
      const target = `${callbackUrl}${callbackUrl.includes('?') ? '&' : '?'}device_token=${encodeURIComponent(device)}`;
      return reply.redirect(target, 303);
    } catch (error) {
      const message = error instanceof AppError ? error.message : 'Sign-in failed';
      return reply.type('text/html; charset=utf-8').code(409).send(providerPage({ callbackUrl, error: message }));
    }
  });
}
