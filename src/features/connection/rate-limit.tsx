import { Suspense } from 'react';
import type { RateLimitedBody } from '../../contract/index.ts';
import { rpc } from '../../net/index.ts';
import { createLazyStore } from '../../ui/store.ts';
import { lazyPart } from '../../ui/lazy-part.ts';

/** Spec: the details are kept in a cookie for 10 units (seconds here), so a reload still shows the screen. */
const FLAG_COOKIE = 'rate_limited';
const FLAG_SECONDS = 10;

function readFlag(): RateLimitedBody | null {
  const match = /(?:^|;\s*)rate_limited=([^;]*)/.exec(typeof document === 'undefined' ? '' : document.cookie);
  if (!match) return null;
  try {
    const body = JSON.parse(decodeURIComponent(match[1] ?? '')) as RateLimitedBody;
    return typeof body.server_id === 'string' && typeof body.time === 'number' ? body : null;
  } catch {
    return null;
  }
}

/** Keeps (or drops) the rate-limit flag cookie. */
export function writeFlag(body: RateLimitedBody | null): void {
  document.cookie = body
    ? `${FLAG_COOKIE}=${encodeURIComponent(JSON.stringify(body))}; max-age=${FLAG_SECONDS}; path=/; samesite=lax`
    : `${FLAG_COOKIE}=; max-age=0; path=/`;
}

/** The last 429 the server answered, while its screen is up (the cookie is read at first use). */
export const rateLimited = createLazyStore<RateLimitedBody | null>(readFlag);

/** Whether the break screen is up (notifications hide meanwhile). */
export function useRateLimited(): boolean {
  return rateLimited.use() !== null;
}

// Listens for 429s from the first request on, not from the shell's mount: the first page's
// route loaders call before the app renders, and a limit answered then raises the screen too.
rpc.on('rate-limited', (body) => {
  writeFlag(body);
  rateLimited.set(body);
});

const Screen = lazyPart(() => import('./rate-limit-screen.tsx'));

/** The break screen while rate-limited; its code loads only then. */
export function RateLimitScreen() {
  if (!useRateLimited()) return null;
  return (
    <Suspense fallback={null}>
      <Screen />
    </Suspense>
  );
}
