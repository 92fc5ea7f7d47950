import { builtOnUse, method } from '../define.ts';
import { PublicUser } from '../entities.ts';
import { z } from '../wire.ts';

/** Socket discovery (document 1 section 7). */
export const connectMethods = {
  'connect.getSocketServer': () => method({
    doc: 'Issues a one-use connect token and the socket URL for the signed-in player.',
    access: 'user',
    input: z.object({
      dev: z.optional(z.string().check(z.maxLength(32))),
      port: z.optional(z.string().check(z.maxLength(8))),
      /** The browser's session_token cookie: 32 letters and digits. */
      session_token: z.optional(z.string().check(z.regex(/^[A-Za-z0-9]{32}$/, 'expected 32 letters or digits'))),
    }),
    output: z.object({ connect_token: z.string(), url: z.string(), expires_in: z.number() }),
  }),
};

/**
 * Answers of the connect service (`POST /api/connect`, `/renew`, `/logout`): not RPC methods,
 * but the same envelope around these shapes.
 */
export const ConnectAnswers = builtOnUse({
  signIn: () => z.object({ user: PublicUser, created: z.boolean() }),
  renew: () => z.object({ renewed: z.boolean() }),
  logout: () => z.object({ success: z.boolean() }),
  /** `GET /api/connect/challenge`: the proof-of-work a sign-in answers after CAPTCHA_REQUIRED (send `captcha: challenge:nonce`). */
  challenge: () => z.object({ challenge: z.string(), bits: z.number(), expires_in: z.number() }),
});
