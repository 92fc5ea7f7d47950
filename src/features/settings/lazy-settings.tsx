import { Suspense } from 'react';
import type { SettingsView } from './settings-panel.tsx';
import { lazyPart } from '../../ui/lazy-part.ts';

const Panel = lazyPart(() => import('./settings-panel.tsx'));

/** The settings switches, loaded when a settings popover or modal first opens. */
export function SettingsPanel(props: { view: SettingsView; logged: boolean }) {
  return (
    <Suspense fallback={<div className="settings-panel" aria-busy="true" />}>
      <Panel {...props} />
    </Suspense>
  );
}
