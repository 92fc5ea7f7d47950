/**
 * The insufficient-funds modal (document 1 section 8, document 2 section 8): an action refused
 * for lack of coins (notifications/api-errors.ts isInsufficientFunds) offers a deposit instead
 * of a notice. It follows every failed action through the query
 * cache, so no game needs to know about it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { createStore } from '../../../ui/store.ts';
import { isInsufficientFunds } from '../../notifications/index.ts';
import { lazyPart } from '../../../ui/lazy-part.ts';

const DepositPromptModal = lazyPart(() => import('./deposit-prompt-modal.tsx'));

const open = createStore(false);

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
