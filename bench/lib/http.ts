/** Talking to the sim-server over its wire (docs/design.md section 4) from a benchmark. */

/** An RPC answer: `{response}` or `{error: {error_code, error_msg}}`. */
export type Envelope = { response: unknown } | { error: { error_code: number | string; error_msg: string } | string };

/** Signs in (creating the account on first use) and answers the access token from Set-Cookie. */
export async function signIn(base: string, username: string, password: string): Promise<string> {
  const answer = await fetch(`${base}/api/connect`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
    signal: AbortSignal.timeout(10_000),
  });
  const envelope = (await answer.json()) as Envelope;
  if (!('response' in envelope)) throw new Error(`sign-in of ${username} failed: ${JSON.stringify(envelope)}`);
  for (const cookie of answer.headers.getSetCookie()) {
    const found = /^access_token=([^;]+)/.exec(cookie);
    if (found) return decodeURIComponent(found[1]!);
  }
  throw new Error(`sign-in of ${username} set no access_token cookie`);
}

/** Calls one method with GET and a Bearer token. */
export async function rpc(base: string, token: string, method: string, params: Record<string, string> = {}): Promise<Envelope> {
  const query = new URLSearchParams(params).toString();
  const answer = await fetch(`${base}/api/method/${method}${query ? `?${query}` : ''}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(10_000),
  });
  return (await answer.json()) as Envelope;
}

/** The error code of an envelope, or null for a `{response}`. */
export function errorCodeOf(envelope: Envelope): string | null {
  if ('response' in envelope) return null;
  return typeof envelope.error === 'string' ? envelope.error : String(envelope.error.error_code);
}
