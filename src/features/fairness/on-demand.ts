/**
 * The replay report view and the record-then-replay hook for other features' fairness pages
 * (battles). Light on purpose: import it only from page modules, so it loads with them and
 * never with the first page.
 */
export { ReplayReportView } from './replay-report.tsx';
export { useReplayed } from './replayed.ts';
