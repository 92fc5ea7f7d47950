import { issueConnectToken } from '../../auth/sessions.ts';
import { requireUser, type Handlers } from '../../rpc/context.ts';

const CONNECT_TOKEN_TTL = 120;

/** connect.* methods. */
export const connectHandlers: Handlers = {
  'connect.getSocketServer': async (_params, ctx) => {
    const user = requireUser(ctx);
    const token = await issueConnectToken(ctx.db, ctx.config.now(), user.id, ctx.sessionId!, CONNECT_TOKEN_TTL);
    return { connect_token: token, url: '/ws', expires_in: CONNECT_TOKEN_TTL };
  },
};
