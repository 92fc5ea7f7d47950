import { Suspense, lazy } from 'react';
import { Modal } from '../../ui/modal.tsx';
import { SettingsPanel } from '../settings/index.ts';
import { useLogged } from '../session/index.ts';
import { mobileMenuOpen, mobileSettingsOpen } from './mobile-menu-state.ts';

const MobileMenuSheet = lazy(() => import('./mobile-menu-sheet.tsx'));

/** The mobile menu and the phone settings modal; the menu loads when first opened. */
export function MobileMenu() {
  const open = mobileMenuOpen.use();
  const settings = mobileSettingsOpen.use();
  const logged = useLogged();
  return (
    <>
      {open && (
        <Suspense fallback={null}>
          <MobileMenuSheet />
        </Suspense>
      )}
      {settings && (
        <Modal title="Settings" width={579} onClose={() => mobileSettingsOpen.set(false)}>
          <SettingsPanel view="mobile" logged={logged} />
        </Modal>
      )}
    </>
  );
}
