import { Suspense, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { lazyPart } from '../../ui/lazy-part.ts';
import { sessionModal, useAccount, useLogged } from '../session/index.ts';

const UseCodeModal = lazyPart(() => import('./use-code-modal.tsx'));

/** Whether a player shares a code others may use: partners (club members count as partners). */
export const sharesCode = (user: { tags: readonly string[]; code: string | null }) => user.code !== null && (user.tags.includes('partner') || user.tags.includes('club_member'));

/**
 * 'Use code' on a partner's card and profile (document 1 section 5): shown for partners other
 * than oneself; a visitor who presses it gets the login modal.
 */
export function UseCodeButton({ user, size }: { user: { hash: string; display_name: string; tags: readonly string[]; code: string | null }; size?: 'sm' }) {
  const logged = useLogged();
  const account = useAccount();
  const [open, setOpen] = useState(false);
  if (!sharesCode(user) || (logged && (!account.data || account.data.user.hash === user.hash))) return null;
  return (
    <>
      <Button {...(size ? { size } : {})} variant="deposit" onClick={() => (logged ? setOpen(true) : sessionModal.set('login'))}>
        Use code
      </Button>
      {open && (
        <Suspense fallback={null}>
          <UseCodeModal code={user.code ?? ''} partner={user.display_name} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
