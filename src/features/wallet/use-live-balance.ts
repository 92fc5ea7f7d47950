import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { socket } from '../../net/index.ts';
import { setAccountBalance } from '../session/index.ts';

/** The wallet currency the header shows (the sim ledger's coin). */
const MAIN_CURRENCY = 'SFC';

/** Follows WALLET_BALANCE_CHANGED: every balance change the server pushes lands in the account cache. */
export function useLiveBalance(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      socket.on('WALLET_BALANCE_CHANGED', ({ currency, balance }) => {
        if (currency === MAIN_CURRENCY) setAccountBalance(queryClient, balance);
      }),
    [queryClient],
  );
}
