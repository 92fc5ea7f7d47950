/**
 * Signing in and out (the /api/connect routes): name and password, with the server's
 * proof-of-work challenge answered when it thinks the sign-in looks automated.
 */
import { ConnectAnswers, NamedError, describeIssues, z, type ErrorCode } from '../contract/index.ts';
import { RpcContractError, RpcError } from './errors.ts';
import type { Http } from './rpc-http.ts';

/** Builds the sign-in and sign-out calls over one client's HTTP leg. */
export function createConnect({ http, envelopeOf, postConnect }: Http) {
  /** Signs in with name and password (the sim creates the account on first use). */
  async function login(username: string, password: string): Promise<z.output<typeof ConnectAnswers.signIn>> {
    let envelope = await postConnect('connect', '/api/connect', { username, password });
    if ('error' in envelope && envelope.error.error_code === NamedError.CAPTCHA_REQUIRED) {
      // The server thinks this looks automated: answer its proof-of-work challenge and retry once.
      envelope = await postConnect('connect', '/api/connect', { username, password, captcha: await answerChallenge() });
    }
    if ('error' in envelope) throw new RpcError(envelope.error.error_code as ErrorCode, envelope.error.error_msg, 'connect');
    const parsed = z.safeParse(ConnectAnswers.signIn, envelope.response);
    if (!parsed.success) throw new RpcContractError('connect', describeIssues(parsed.error.issues));
    return parsed.data;
  }

  /** Fetches a sign-in challenge and solves it (the solver loads only when a challenge comes). */
  async function answerChallenge(): Promise<string> {
    const envelope = envelopeOf('connect.challenge', await http('connect.challenge', '/api/connect/challenge', { method: 'GET' }));
    if ('error' in envelope) throw new RpcError(envelope.error.error_code as ErrorCode, envelope.error.error_msg, 'connect.challenge');
    const parsed = z.safeParse(ConnectAnswers.challenge, envelope.response);
    if (!parsed.success) throw new RpcContractError('connect.challenge', describeIssues(parsed.error.issues));
    const { solveChallenge } = await import('../core/proof-of-work.ts');
    return `${parsed.data.challenge}:${await solveChallenge(parsed.data.challenge, parsed.data.bits)}`;
  }

  /** Ends this session, or with `all` every session of the player; the server clears the cookies. */
  async function logout(all = false): Promise<void> {
    const envelope = await postConnect('connect.logout', '/api/connect/logout', { all });
    if ('error' in envelope) throw new RpcError(envelope.error.error_code as ErrorCode, envelope.error.error_msg, 'connect.logout');
  }

  return { login, logout };
}
