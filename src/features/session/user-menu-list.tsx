import { useEffect, useRef, type ComponentType, type KeyboardEvent } from 'react';
import { Avatar } from '../../ui/avatar.tsx';
import { BackpackIcon, LogoutIcon, ShieldIcon, UserIcon, UsersIcon, WalletIcon } from '../../ui/page-icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import type { Account } from './account-query.ts';
import { sessionModal } from './session-actions.ts';

const LINKS: { label: string; to: (name: string) => string; icon: ComponentType }[] = [
  { label: 'Profile', to: (name) => `/@${name}`, icon: UserIcon },
  { label: 'Wallet', to: () => '/wallet', icon: WalletIcon },
  { label: 'Inventory', to: () => '/inventory', icon: BackpackIcon },
  { label: 'Affiliates', to: () => '/affiliates', icon: UsersIcon },
  { label: 'Fairness', to: () => '/provably-fair', icon: ShieldIcon },
];

/**
 * The open account menu: loaded the first time it opens, so the first page carries only its
 * trigger. It takes focus on mount and keeps the arrow keys, Esc and Tab of a menu.
 */
export default function UserMenuList({ id, account, onClose }: { id: string; account: Account; onClose(refocus: boolean): void }) {
  const { user, user_progress: progress } = account;
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose(true);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      onClose(false);
    }
  };

  return (
    <div ref={menu} className="menu" role="menu" id={id} aria-label="Account" onKeyDown={onMenuKey}>
      <div className="menu-profile" aria-hidden>
        <Avatar name={user.display_name} userHash={user.hash} src={user.info.avatar} size={44} />
        <div>
          <div className="user-name">{user.display_name}</div>
          <div className="user-level">Level {progress.level}</div>
        </div>
      </div>
      <div className="menu-separator" />
      {LINKS.map(({ label, to, icon: Icon }) => (
        <PathLink key={label} to={to(user.name)} role="menuitem" className="menu-item" tabIndex={-1} onClick={() => onClose(false)}>
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
          onClose(true);
          sessionModal.set('logout');
        }}
      >
        <LogoutIcon />
        Logout
      </button>
    </div>
  );
}
