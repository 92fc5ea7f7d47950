/**
 * The spec's session_token cookie (document 1 section 3): 32 random characters made by the
 * browser when absent and sent with connect.getSocketServer, so the server can tell one
 * browser session's sockets from another's. Readable on purpose: it is no credential.
 */
const COOKIE = /(?:^|;\s*)session_token=([A-Za-z0-9]{32})(?:;|$)/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 32 characters from the alphabet, unbiased (248 is the last multiple of 62 below 256). */
export function newSessionToken(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  let token = '';
  while (token.length < 32) for (const byte of random(new Uint8Array(48))) if (byte < 248 && token.length < 32) token += ALPHABET[byte % 62];
  return token;
}

/** The browser's session token, made and stored (a year, this site only) when absent. */
export function sessionToken(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const existing = COOKIE.exec(document.cookie)?.[1];
  if (existing) return existing;
  const token = newSessionToken();
  document.cookie = `session_token=${token}; max-age=31536000; path=/; samesite=strict`;
  return token;
}
