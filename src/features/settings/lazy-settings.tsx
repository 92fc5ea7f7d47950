import { Suspense, lazy } from 'react';
import type { SettingsView } from './settings-panel.tsx';

const Panel = lazy(() => import('./settings-panel.tsx'));

/** The settings switches, loaded when a settings popover or modal first opens. */
export function SettingsPanel(props: { view: SettingsView; logged: boolean }) {
  return (
    <Suspense fallback={<div className="settings-panel" aria-busy="true" />}>
      <Panel {...props} />
    </Suspense>
  );
}
