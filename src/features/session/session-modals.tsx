import { Suspense, lazy } from 'react';
import { sessionModal } from './session-actions.ts';

const LoginModal = lazy(() => import('./login-modal.tsx'));
const LogoutModal = lazy(() => import('./logout-modal.tsx'));

/** Starts loading the login form before it is asked for (pointer over a login button). */
export function preloadLoginModal(): void {
  void import('./login-modal.tsx');
}

/** The session's modals, each loaded when first opened: the login form and the logout confirmation. */
export function SessionModals() {
  const open = sessionModal.use();
  return (
    <>
      {open === 'login' && (
        <Suspense fallback={null}>
          <LoginModal />
        </Suspense>
      )}
      {open === 'logout' && (
        <Suspense fallback={null}>
          <LogoutModal />
        </Suspense>
      )}
    </>
  );
}
