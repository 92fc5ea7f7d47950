import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServerMessageData } from '../../contract/index.ts';
import { Button } from '../../ui/button.tsx';
import { Modal, ModalWidth } from '../../ui/modal.tsx';
import { loginDetected } from './login-detected.ts';
import { signOut } from './session-actions.ts';

const timeOf = (ms: number) => new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * Login detected (document 1, width 579): the account just signed in on another device. If
 * that was not the player, logging out everywhere ends every session, the stranger's too.
 */
export default function LoginDetectedModal({ detected }: { detected: ServerMessageData<'LOGIN_DETECTED'> }) {
  const queryClient = useQueryClient();
  const close = () => loginDetected.set(null);
  const logout = useMutation({
    meta: { silent: true },
    mutationFn: () => signOut(queryClient, { everywhere: true }),
    onSettled: close,
  });
  return (
    <Modal title="Login detected" width={ModalWidth.loginDetected} onClose={close}>
      <p className="logout-text">
        Your account was signed in on <strong>{detected.device}</strong> at {timeOf(detected.time)}. If that was not you, log out everywhere: every session
        ends, that one too, and you sign in again here.
      </p>
      <div className="modal-actions logout-actions">
        <Button onClick={close} data-autofocus>
          It was me
        </Button>
        <Button variant="danger" disabled={logout.isPending} onClick={() => logout.mutate()}>
          Logout everywhere
        </Button>
      </div>
    </Modal>
  );
}
