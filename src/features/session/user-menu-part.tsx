import { Suspense, type ComponentProps } from 'react';
import { lazyPart } from '../../ui/lazy-part.ts';

// Only a signed-in player has the menu: a visitor's first page does without its code (docs/decisions/0053).
const Menu = lazyPart(() => import('./user-menu.tsx').then((m) => ({ default: m.UserMenu })));

/** The header's avatar and account menu, loaded when a signed-in player's header first shows it. */
export function UserMenu(props: ComponentProps<typeof Menu>) {
  return (
    <Suspense fallback={<span className="avatar-placeholder" aria-hidden />}>
      <Menu {...props} />
    </Suspense>
  );
}
