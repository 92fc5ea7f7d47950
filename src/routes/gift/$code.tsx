import { createFileRoute, redirect } from '@tanstack/react-router';
import { pageHead } from '../../features/shell/index.ts';
import { giftCodeTarget, storeGiftCode } from '../../features/wallet/index.ts';

/** Spec: a code starting with A is kept and leads to /inventory, with C to /wallet/gift, anything else to /. */
export const Route = createFileRoute('/gift/$code')({
  beforeLoad: ({ params, preload }) => {
    const to = giftCodeTarget(params.code);
    if (to !== '/' && !preload) storeGiftCode(params.code);
    throw redirect({ to, replace: true });
  },
  head: () => pageHead({ title: 'Gift', description: 'Redeem a gift code.', path: '/gift' }),
});
