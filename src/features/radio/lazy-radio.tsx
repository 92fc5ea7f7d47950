import { Suspense } from 'react';
import { radioModal } from './radio-modal-state.ts';
import { lazyPart } from '../../ui/lazy-part.ts';

// The radio (howler, the synth, the modals) loads when the player opens the hint: the first
// page carries only these wrappers.
const HintPart = lazyPart(() => import('./radio-hint.tsx'));
const ModalsPart = lazyPart(() => import('./radio-modals.tsx'));

/** The radio hint, inside the header's radio popover. */
export function RadioHint() {
  return (
    <Suspense fallback={<p className="radio-hint">Tuning in…</p>}>
      <HintPart />
    </Suspense>
  );
}

/** The radio and request modals, mounted only once one is opened. */
export function RadioModals() {
  const open = radioModal.use();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ModalsPart />
    </Suspense>
  );
}
