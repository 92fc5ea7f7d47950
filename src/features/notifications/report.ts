import type { ErrorSource } from './api-errors.ts';
import { pushNotice } from '../../ui/notice-store.ts';

/** Where a navigation for an error goes; the app passes the router's navigate. */
export type ErrorNavigate = (to: '/battles' | '/404' | '/account/verify') => void;

/**
 * Acts on a failed call: a notice, a redirect, or nothing (document 3 section 8). The
 * catalogue's routing loads with the first failure; the first page does without it. `title`
 * replaces the code-derived title of a notice where the spec names one (a rotate's 'Invalid seed').
 */
export function reportApiError(failure: unknown, navigate: ErrorNavigate, source: ErrorSource = 'action', { title }: { title?: string } = {}): void {
  void import('./api-errors.ts').then(({ routeApiError }) => {
    const route = routeApiError(failure, source);
    if (route.action === 'navigate') return navigate(route.to);
    if (route.action !== 'notice') return;
    const error = title === undefined ? route.error : true;
    pushNotice({ type: 'error', title: title ?? route.title, message: route.message, error, ...(error ? {} : { timerMs: 5000 }) });
  });
}
