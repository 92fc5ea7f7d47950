import { Suspense } from 'react';
import { lazyPart } from '../../ui/lazy-part.ts';

// Only a signed-in player has the list: a visitor's first page does without its code (docs/decisions/0053).
const Button = lazyPart(() => import('./notifications-button.tsx').then((m) => ({ default: m.NotificationsButton })));

/** The header's notifications button, loaded when a signed-in player's header first shows it. */
export function NotificationsButton() {
  return (
    <Suspense fallback={null}>
      <Button />
    </Suspense>
  );
}
