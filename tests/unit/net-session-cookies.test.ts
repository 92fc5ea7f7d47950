/** Issue 12, security 3: tabs renewing together send one renewal, the others take its cookie. */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { renewOnce } from '../../src/net/renew-lock.ts';

beforeEach(() => {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) });
});
afterEach(() => vi.unstubAllGlobals());

test('two tabs asking at once renew once; a later ask renews again', async () => {
  let sent = 0;
  let release!: () => void;
  const slow = () =>
    new Promise<void>((resolve) => {
      sent += 1;
      release = resolve;
    });
  // Both "tabs" share the browser's Web Locks (Node has the same API) and storage.
  const first = renewOnce(slow);
  const second = renewOnce(slow);
  await vi.waitFor(() => expect(sent).toBe(1));
  release();
  expect(await Promise.all([first, second])).toEqual([true, false]);
  expect(sent).toBe(1);

  await new Promise((resolve) => setTimeout(resolve, 2));
  const later = renewOnce(async () => {
    sent += 1;
  });
  expect(await later).toBe(true);
  expect(sent).toBe(2);
});

test('a failed renewal lets the next tab try', async () => {
  const failing = renewOnce(() => Promise.reject(new Error('offline')));
  const next = renewOnce(async () => undefined);
  await expect(failing).rejects.toThrow('offline');
  expect(await next).toBe(true);
});

test('the session_token is 32 letters or digits, a new one each time it is made', async () => {
  const { newSessionToken } = await import('../../src/net/session-token.ts');
  const [a, b] = [newSessionToken(), newSessionToken()];
  expect(a).toMatch(/^[A-Za-z0-9]{32}$/);
  expect(b).not.toBe(a);
});
