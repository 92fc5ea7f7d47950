/** Settings: the switches panel, and performance mode (its look and its automatic switch). */
export { SettingsPanel } from './lazy-settings.tsx';
export type { SettingsView } from './settings-panel.tsx';
export { applyDocumentSettings, usePerformanceMode } from './use-performance.ts';
