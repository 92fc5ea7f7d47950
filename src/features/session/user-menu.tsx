import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { Avatar } from '../../ui/avatar.tsx';
import { ChevronDownIcon } from '../../ui/icons.tsx';
import type { Account } from './account-query.ts';
import './session.css';
import { lazyPart } from '../../ui/lazy-part.ts';

const UserMenuList = lazyPart(() => import('./user-menu-list.tsx'));
// The level curve is not first-page code: the ring comes a moment after the avatar.
const LevelRing = lazyPart(() => import('./level-ring.tsx'));

/** The avatar and name with the account menu (profile links and logout). */
export function UserMenu({ account }: { account: Account }) {
  const { user, user_progress: progress } = account;
  const [open, setOpen] = useState(false);
  const avatar = <Avatar name={user.display_name} userHash={user.hash} src={user.info.avatar} size={34} />;
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };

  return (
    <div className="user-menu" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="user-trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        <Suspense fallback={avatar}>
          <LevelRing exp={progress.exp} level={progress.level}>
            {avatar}
          </LevelRing>
        </Suspense>
        <span className="user-trigger-text">
          <span className="user-name">{user.display_name}</span>
          <span className="user-level">Level {progress.level}</span>
        </span>
        <ChevronDownIcon className="user-chevron" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <UserMenuList id={menuId} account={account} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
