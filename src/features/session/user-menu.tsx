import { Suspense, lazy, useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { levelProgress } from '../../core/levels.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { levelColour } from '../../ui/level-colour.ts';
import { ChevronDownIcon } from '../../ui/icons.tsx';
import type { Account } from './account-query.ts';
import './session.css';

const UserMenuList = lazy(() => import('./user-menu-list.tsx'));

/** The avatar and name with the account menu (profile links and logout). */
export function UserMenu({ account }: { account: Account }) {
  const { user, user_progress: progress } = account;
  const standing = levelProgress(progress.exp);
  const [open, setOpen] = useState(false);
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
        <span
          className="user-ring"
          style={{ '--ring': levelColour(progress.level), '--fill': `${standing.percent}%` } as CSSProperties}
          data-testid="level-ring"
          data-level={progress.level}
          data-percent={standing.percent}
        >
          <Avatar name={user.display_name} userHash={user.hash} src={user.info.avatar} size={34} />
        </span>
        <span className="user-trigger-text">
          <span className="user-name">{user.display_name}</span>
          <span className="user-level">
            Level {progress.level} · {standing.is_max ? 'MAX' : `${standing.percent}%`}
          </span>
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
