/**
 * What the first page does without, for the pages and modules that load later: the error
 * catalogue's routing (document 3 section 8) and the texts of the spec's notifications.
 */
export { NOT_FOUND_CODES, SILENT_CODES, USER_NOT_FOUND, isNotFoundError, routeApiError, type ErrorRoute, type ErrorSource } from './api-errors.ts';
export { balanceNotice, notificationNotice, type BalanceChange, type NotificationPayload } from './notices.ts';
