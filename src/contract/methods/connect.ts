import { method } from '../define.ts';
import { z } from '../wire.ts';

/** Socket discovery (document 1 section 7). */
export const connectMethods = {
  'connect.getSocketServer': method({
    doc: 'Issues a one-use connect token and the socket URL for the signed-in player.',
    access: 'user',
    input: z.object({
      dev: z.optional(z.string().check(z.maxLength(32))),
      port: z.optional(z.string().check(z.maxLength(8))),
      session_token: z.optional(z.string().check(z.maxLength(64))),
    }),
    output: z.object({ connect_token: z.string(), url: z.string(), expires_in: z.number() }),
  }),
};
