/**
 * Live streams (document 1 /streams, stream.lobby and stream.test): who is on air, pushed to
 * LOBBY as STREAM_ONLINE / STREAM_OFFLINE. In sim mode the console at /api/sim/streams stands
 * in for the streaming platform. Form posts get the console back; JSON callers the envelope.
 */
import { operatorRoute } from '../../auth/sim-operator.ts';
import type { FastifyInstance } from 'fastify';
import { NumericError, z } from '../../../src/contract/index.ts';
import { AppError } from '../../errors.ts';
import { answer, backTo, fromForm, html, parseBody } from '../../rpc/console-http.ts';
import type { Domain, Services } from '../../rpc/context.ts';
import { findUserByName } from '../../kernel/users.ts';
import { previewSvg, streamsConsole, watchPage } from './sim-page.ts';
import { liveStreams, startStream, stopStream, streamByHash } from './store.ts';

const StartBody = z.object({
  name: z.string().check(z.maxLength(25)),
  channel: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  title: z.optional(z.string().check(z.trim(), z.maxLength(80))),
  followers: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(100_000_000))),
});

function registerStreams(app: FastifyInstance, s: Services): void {
  if (!s.config.simMode) return;
  const back = backTo('/api/sim/streams');

  // Starting and stopping streams is the operator's, as every console action (docs/decisions/0018).
  const operator = operatorRoute(s.config);
  app.get('/api/sim/streams', operator, async (request, reply) => {
    const { notice } = request.query as { notice?: unknown };
    return html(reply, streamsConsole(await liveStreams(s.db), typeof notice === 'string' ? notice.slice(0, 200) : null));
  });
  app.post('/api/sim/streams', operator, async (request, reply) => {
    const result = await answer(async () => {
      const body = parseBody(StartBody, request.body);
      const user = await findUserByName(s.db, body.name) ?? (() => { throw new AppError(NumericError.NOT_FOUND, 'User not found.'); })();
      const { channel, title = 'Live in the arena', followers = 0 } = body;
      return s.db.transaction((tx) => startStream(tx, s, user, { channel, title: title || 'Live in the arena', followers }));
    });
    return fromForm(request) ? back(reply, result, 'The stream is live') : result;
  });
  app.post('/api/sim/streams/:hash/stop', operator, async (request, reply) => {
    const result = await answer(async () => {
      await s.db.transaction((tx) => stopStream(tx, s, (request.params as { hash: string }).hash));
      return { success: true };
    });
    return fromForm(request) ? back(reply, result, 'The stream has stopped') : result;
  });
  // The still a stream message shows in the chat (the streaming platform's thumbnail in the sim).
  app.get('/api/sim/streams/:hash/preview.svg', async (request, reply) => {
    const row = await streamByHash(s.db, (request.params as { hash: string }).hash);
    if (!row) return reply.code(404).send({ error: { error_code: NumericError.NOT_FOUND, error_msg: 'Stream not found' } });
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=60').send(previewSvg(row.title, row.channel, row.ended_at === null));
  });
  app.get('/api/sim/streams/:hash/watch', async (request, reply) => {
    const row = await streamByHash(s.db, (request.params as { hash: string }).hash);
    if (!row) return html(reply, 'Stream not found', 404);
    return html(reply, watchPage({ channel: row.channel, title: row.title, name: row.user.display_name, live: row.ended_at === null }));
  });
}

const lobby = async (_params: object, ctx: { db: Services['db'] }) => {
  const streams = await liveStreams(ctx.db);
  const users = [...new Map(streams.map(({ _user: user }) => [user.hash, user])).values()];
  return { streams, users };
};

export const streams: Domain = { handlers: { 'stream.lobby': lobby, 'stream.test': lobby }, register: registerStreams };
