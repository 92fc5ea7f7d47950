import { Suspense, useEffect } from 'react';
import { socket } from '../../net/index.ts';
import { loginDetected } from './login-detected.ts';
import { shownPrompt } from './prompts.ts';
import { sessionModal } from './session-actions.ts';
import { loginReminder } from './use-login-reminder.ts';
import { lazyPart } from '../../ui/lazy-part.ts';

const LoginModal = lazyPart(() => import('./login-modal.tsx'));
const LogoutModal = lazyPart(() => import('./logout-modal.tsx'));
const PromptModal = lazyPart(() => import('./prompt-modals.tsx'));
const LoginReminder = lazyPart(() => import('./login-reminder.tsx'));
const LoginDetectedModal = lazyPart(() => import('./login-detected-modal.tsx'));

/** Starts loading the login form before it is asked for (pointer over a login button). */
export function preloadLoginModal(): void {
  void import('./login-modal.tsx');
}

/**
 * The session's modals, each loaded when first opened: the login form, the logout
 * confirmation, the prompts calls wait on (protection challenge, 2FA, closing a party), and
 * the login reminder's card, and the notice that the account signed in elsewhere.
 */
export function SessionModals() {
  const open = sessionModal.use();
  const detected = loginDetected.use();
  useEffect(() => socket.on('LOGIN_DETECTED', (data) => loginDetected.set(data)), []);
  const prompt = shownPrompt.use();
  const reminder = loginReminder.use();
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
      {prompt && (
        <Suspense fallback={null}>
          <PromptModal key={`${prompt.kind}:${prompt.message}`} prompt={prompt} />
        </Suspense>
      )}
      {detected && (
        <Suspense fallback={null}>
          <LoginDetectedModal detected={detected} />
        </Suspense>
      )}
      {reminder && (
        <Suspense fallback={null}>
          <LoginReminder />
        </Suspense>
      )}
    </>
  );
}
