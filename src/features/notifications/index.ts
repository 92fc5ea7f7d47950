/**
 * Notices and toasts: the queue, live notices (balance changes), and reporting failed calls.
 * The error catalogue's routing and the notice texts load on demand: on-demand.ts.
 */
export { NotificationsButton } from './notifications-button-part.tsx';
export { clearNotices, dismissNotice, pushNotice, useNoticeHistory, useToasts } from '../../ui/notice-store.ts';
export { reportApiError, type ErrorNavigate } from './report.ts';
export { isInsufficientFunds } from './shortage.ts';
export { Toasts } from './toasts.tsx';
export type { Toast, ToastInput, ToastType } from '../../ui/toast-queue.ts';
export { useLiveNotices } from './use-live-notices.ts';
