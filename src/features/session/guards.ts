/**
 * Route guards of the route tables: login-only pages send visitors elsewhere before anything
 * loads (document 1 section 2.1, document 2 section 2, document 3 section 2).
 */
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { accountQueryOptions, type Account } from './account-query.ts';
import { readLogged } from './logged-cookie.ts';

/** Where a guard may send a visitor. */
export type GuardFallback = '/' | '/battlepass';

/** Throws a redirect to `fallback` unless a player is signed in (a route's beforeLoad). */
export function requireLogin(fallback: GuardFallback = '/'): void {
  if (!readLogged()) throw redirect({ to: fallback, replace: true });
}

/** Staff who may see the partnership members page: scope 2 or more, or the marketing tag. */
export function canSeeMembers(account: Pick<Account, 'user'> | null | undefined): boolean {
  const user = account?.user;
  return Boolean(user && (user.scope >= 2 || user.tags.includes('marketing')));
}

/** The members page's guard: signed in and staff, else back to /. */
export async function requireMembersAccess(queryClient: QueryClient): Promise<void> {
  requireLogin();
  const account = await queryClient.ensureQueryData(accountQueryOptions()).catch(() => null);
  if (!canSeeMembers(account)) throw redirect({ to: '/', replace: true });
}
