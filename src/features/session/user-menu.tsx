import { useEffect, useId, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { Avatar } from '../../ui/avatar.tsx';
import { BackpackIcon, ChevronDownIcon, LogoutIcon, ShieldIcon, UserIcon, UsersIcon, WalletIcon } from '../../ui/icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import type { Account } from './account-query.ts';
import { sessionModal } from './session-actions.ts';
import './session.css';

const LINKS: { label: string; to: (name: string) => string; icon: ComponentType }[] = [
  { label: 'Profile', to: (name) => `/@${name}`, icon: UserIcon },
  { label: 'Wallet', to: () => '/wallet', icon: WalletIcon },
  { label: 'Inventory', to: () => '/inventory', icon: BackpackIcon },
  { label: 'Affiliates', to: () => '/affiliates', icon: UsersIcon },
  { label: 'Fairness', to: () => '/provably-fair', icon: ShieldIcon },
];

/** The avatar and name with the account menu (profile links and logout). */
export function UserMenu({ account }: { account: Account }) {
  const { user, user_progress: progress } = account;
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
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };
  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
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
        <Avatar name={user.display_name} userHash={user.hash} src={user.info.avatar} size={38} />
        <span className="user-trigger-text">
          <span className="user-name">{user.display_name}</span>
          <span className="user-level">Level {progress.level}</span>
        </span>
        <ChevronDownIcon className="user-chevron" />
      </button>
      {open && (
        <div className="menu" role="menu" id={menuId} aria-label="Account" onKeyDown={onMenuKey}>
          <div className="menu-profile" aria-hidden>
            <Avatar name={user.display_name} userHash={user.hash} src={user.info.avatar} size={44} />
            <div>
              <div className="user-name">{user.display_name}</div>
              <div className="user-level">Level {progress.level}</div>
            </div>
          </div>
          <div className="menu-separator" />
          {LINKS.map(({ label, to, icon: Icon }) => (
            <PathLink key={label} to={to(user.name)} role="menuitem" className="menu-item" tabIndex={-1} onClick={() => close(false)}>
              <Icon />
              {label}
            </PathLink>
          ))}
          <div className="menu-separator" />
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            tabIndex={-1}
            onClick={() => {
              close(true);
              sessionModal.set('logout');
            }}
          >
            <LogoutIcon />
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
