/**
 * The support chat (document 1 route table: /support opens a support chat; docs/decisions/0054).
 * A player writes with support.send and reads their open thread with support.thread; the agent
 * is the sim console's operator at /api/sim/support, whose answers reach the player's own room
 * live (SUPPORT_MESSAGE). Logout closes the thread (document 1 section 4: logout shuts down
 * support chat). Form posts get the console back; JSON callers the envelope.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from '../../../src/contract/index.ts';
import { accessTokenOf } from '../../auth/cookies.ts';
import { operatorRoute } from '../../auth/sim-operator.ts';
import { authenticate } from '../../auth/sessions.ts';
import { hashToken } from '../../auth/tokens.ts';
import { answer, backTo, fromForm, html, parseBody } from '../../rpc/console-http.ts';
import { requireUser, type Domain, type Handlers, type Services } from '../../rpc/context.ts';
import { supportConsole } from './sim-page.ts';
import { agentAnswers, agentCloses, closeOnLogout, consoleThreads, playerThread, playerWrites } from './store.ts';

const AnswerBody = z.object({ text: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)) });

const handlers: Handlers = {
  'support.thread': (_params, ctx) => playerThread(ctx.db, requireUser(ctx).id),
  'support.send': ({ text }, ctx) => {
    const user = requireUser(ctx);
    return ctx.db.transaction((tx) => playerWrites(tx, ctx.hub, user.id, text, ctx.config.now()));
  },
};

/** Whose session a logout request ends (the same reading as the connect route's: refresh cookie, else access token). */
async function loggingOut(s: Services, request: FastifyRequest): Promise<number | null> {
  const refresh = request.cookies.refresh_token;
  if (refresh) {
    const row = await s.db.get<{ user_id: number }>('SELECT user_id FROM sessions WHERE refresh_hash = ? AND revoked_at IS NULL', hashToken(refresh));
    if (row) return row.user_id;
  }
  const access = accessTokenOf(request);
  if (!access) return null;
  try {
    return (await authenticate(s, access)).user.id;
  } catch {
    return null;
  }
}

function registerSupport(app: FastifyInstance, s: Services): void {
  // Logout is the connect domain's; support hears it here rather than being called from there,
  // so connect knows nothing of support (docs/design.md section 3). The thread closes before the
  // session does, while the request still says whose it is. A callback hook: no promise per request.
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.method !== 'POST' || request.routeOptions.url !== '/api/connect/logout') {
      done();
      return;
    }
    void (async () => {
      const userId = await loggingOut(s, request);
      if (userId !== null) await s.db.transaction((tx) => closeOnLogout(tx, s.hub, userId, s.config.now()));
    })().then(() => done(), done);
  });

  if (!s.config.simMode) return;
  const back = backTo('/api/sim/support');
  // Answering players is the operator's, as every console action (docs/decisions/0018).
  const operator = operatorRoute(s.config);
  app.get('/api/sim/support', operator, async (request, reply) => {
    const { notice } = request.query as { notice?: unknown };
    return html(reply, supportConsole(await consoleThreads(s.db), typeof notice === 'string' ? notice.slice(0, 200) : null));
  });
  app.get('/api/sim/support.json', operator, async () => ({ response: await consoleThreads(s.db) }));
  app.post('/api/sim/support/:hash/answer', operator, async (request, reply) => {
    const result = await answer(async () => {
      const { text } = parseBody(AnswerBody, request.body);
      const message = await s.db.transaction((tx) => agentAnswers(tx, s.hub, (request.params as { hash: string }).hash, text, s.config.now()));
      return { message };
    });
    return fromForm(request) ? back(reply, result, 'Answer sent') : result;
  });
  app.post('/api/sim/support/:hash/close', operator, async (request, reply) => {
    const result = await answer(async () => {
      await s.db.transaction((tx) => agentCloses(tx, s.hub, (request.params as { hash: string }).hash, s.config.now()));
      return { success: true };
    });
    return fromForm(request) ? back(reply, result, 'Thread closed') : result;
  });
}

export const support: Domain = { handlers, register: registerSupport };
