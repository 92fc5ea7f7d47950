import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { socket } from '../../../net/index.ts';
import { pushNotice } from '../../notifications/index.ts';
import { sessionKeys, setAccountBalance } from '../../session/index.ts';
import { bufferBalanceChange } from './balance-buffer.ts';
import { createBalanceOrder } from './balance-order.ts';
import { useDepositPromptOnShortage } from '../deposit/deposit-prompt.tsx';
import { paymentNoticeType } from './payment-notices.ts';
import { walletKeys } from '../keys.ts';

/** The wallet currency the header shows (the sim ledger's coin). */
const MAIN_CURRENCY = 'SFC';

/**
 * Follows the player's money events: every balance change lands in the account cache (the
 * header shows it less what the balance buffer holds back) and refreshes the wallet's lists;
 * payment updates refresh the payments and raise the notices no balance change says (pending
 * and declined, see payment-notices.ts). A call refused for lack of coins offers a deposit.
 */
export function useLiveBalance(): void {
  const queryClient = useQueryClient();
  useDepositPromptOnShortage();
  useEffect(() => {
    const order = createBalanceOrder();
    const offBalance = socket.on('WALLET_BALANCE_CHANGED', (change) => {
      if (change.currency !== MAIN_CURRENCY) return;
      if (order(change.hash) === 'show') {
        bufferBalanceChange(change);
        setAccountBalance(queryClient, change.balance);
      } else {
        void queryClient.invalidateQueries({ queryKey: sessionKeys.account });
      }
      for (const queryKey of [walletKeys.history, walletKeys.methods, walletKeys.requirements]) void queryClient.invalidateQueries({ queryKey });
    });
    const offPayment = socket.on('PAYMENT_UPDATED', (update) => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.payments });
      void queryClient.invalidateQueries({ queryKey: [...walletKeys.all, 'insta'] });
      const type = paymentNoticeType(update);
      // The notice texts load with the first one; the first page does without them.
      if (type) void import('../../notifications/on-demand.ts').then(({ notificationNotice }) => pushNotice(notificationNotice({ type })));
    });
    // A sponsor credit was claimed, given back or earned: the account's partnership changed.
    const offData = socket.on('#USER_DATA_CHANGED', () => {
      for (const queryKey of [sessionKeys.account, walletKeys.credit]) void queryClient.invalidateQueries({ queryKey });
    });
    return () => {
      offBalance();
      offPayment();
      offData();
    };
  }, [queryClient]);
}
