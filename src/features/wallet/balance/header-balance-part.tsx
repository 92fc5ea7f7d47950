import { Suspense, type ComponentProps } from 'react';
import { lazyPart } from '../../../ui/lazy-part.ts';

// Only a signed-in player has a balance: a visitor's first page does without its code, the
// deposit prompt's and the vault's (docs/decisions/0053).
const Balance = lazyPart(() => import('./header-balance.tsx').then((m) => ({ default: m.HeaderBalance })));

/** The header's balance, loaded when a signed-in player's header first shows it. */
export function HeaderBalance(props: ComponentProps<typeof Balance>) {
  return (
    <Suspense fallback={null}>
      <Balance {...props} />
    </Suspense>
  );
}
