import { Suspense, lazy } from 'react';
import { mobileMenuOpen, mobileSettingsOpen } from './mobile-menu-state.ts';

const MobileMenuSheet = lazy(() => import('./mobile-menu-sheet.tsx'));
const MobileSettings = lazy(() => import('./mobile-settings.tsx'));

/** The mobile menu and the phone settings modal; each loads when first opened. */
export function MobileMenu() {
  const open = mobileMenuOpen.use();
  const settings = mobileSettingsOpen.use();
  return (
    <>
      {open && (
        <Suspense fallback={null}>
          <MobileMenuSheet />
        </Suspense>
      )}
      {settings && (
        <Suspense fallback={null}>
          <MobileSettings />
        </Suspense>
      )}
    </>
  );
}
