import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../ui/button.tsx';
import { Modal, ModalWidth } from '../../ui/modal.tsx';
import { sessionModal, signOut } from './session-actions.ts';

/** Confirms a sign-out: this browser only, or every session of the player. */
export default function LogoutModal() {
  const queryClient = useQueryClient();
  const logout = useMutation({
    meta: { silent: true },
    mutationFn: (everywhere: boolean) => signOut(queryClient, { everywhere }),
    onSettled: () => sessionModal.set(null),
  });
  return (
    <Modal title="Logout" width={ModalWidth.logout} onClose={() => sessionModal.set(null)}>
      <p className="logout-text">Leave the arena on this device, or end every session you have open?</p>
      <div className="modal-actions logout-actions">
        <Button onClick={() => sessionModal.set(null)} data-autofocus>
          Cancel
        </Button>
        <Button variant="danger" disabled={logout.isPending} onClick={() => logout.mutate(true)}>
          Logout everywhere
        </Button>
        <Button variant="primary" disabled={logout.isPending} onClick={() => logout.mutate(false)}>
          Logout
        </Button>
      </div>
    </Modal>
  );
}
