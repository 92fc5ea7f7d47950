import { Suspense } from 'react';
import { mobileMenuOpen, mobileSettingsOpen } from './mobile-menu-state.ts';
import { lazyPart } from '../../ui/lazy-part.ts';

const MobileMenuSheet = lazyPart(() => import('./mobile-menu-sheet.tsx'));
const MobileSettings = lazyPart(() => import('./mobile-settings.tsx'));

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
