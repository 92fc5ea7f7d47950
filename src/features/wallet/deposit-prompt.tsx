/**
 * The insufficient-funds path (document 2 section 8): a call refused with "Not enough funds"
 * or "insufficient funds" offers a deposit. It follows every failed action through the query
 * cache, so no game needs to know about it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect } from 'react';
import { createStore } from '../../ui/store.ts';

const DepositPromptModal = lazy(() => import('./deposit-prompt-modal.tsx'));

const open = createStore(false);

/** Whether an error's message is the spec's shortage of coins. */
export function isInsufficientFunds(error: unknown): boolean {
  return error instanceof Error && /not enough funds|insufficient funds/i.test(error.message);
}

/** Opens the deposit prompt when an action fails for lack of coins; mounted once with the live balance. */
export function useDepositPromptOnShortage(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'error' && isInsufficientFunds(event.action.error)) open.set(true);
      }),
    [queryClient],
  );
}

/** The prompt when open, loaded on first use. */
export function DepositPromptLayer() {
  const isOpen = open.use();
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <DepositPromptModal onClose={() => open.set(false)} />
    </Suspense>
  );
}
