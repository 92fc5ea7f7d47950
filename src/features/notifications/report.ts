import type { ErrorSource } from './api-errors.ts';
import { pushNotice } from '../../ui/notice-store.ts';

/** Where a navigation for an error goes; the app passes the router's navigate. */
export type ErrorNavigate = (to: '/battles' | '/404' | '/account/verify') => void;

/**
 * Acts on a failed call: a notice, a redirect, or nothing (document 3 section 8). The
 * catalogue's routing loads with the first failure; the first page does without it.
 */
export function reportApiError(failure: unknown, navigate: ErrorNavigate, source: ErrorSource = 'action'): void {
  void import('./api-errors.ts').then(({ routeApiError }) => {
    const route = routeApiError(failure, source);
    if (route.action === 'navigate') return navigate(route.to);
    if (route.action === 'notice') pushNotice({ type: 'error', title: route.title, message: route.message, error: route.error, ...(route.error ? {} : { timerMs: 5000 }) });
  });
}
