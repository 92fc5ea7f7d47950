import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageHead } from '../../../features/shell/index.ts';
import { CryptoWithdrawPage, findPaymentMethod } from '../../../features/wallet/pages.ts';

export const Route = createFileRoute('/wallet/$payment/withdraw')({
  // Only the wallet's methods have a page to withdraw with; anything else is not found.
  loader: ({ params }) => {
    const method = findPaymentMethod(params.payment);
    if (!method?.withdraw) throw notFound();
    return { name: method.name, id: method.id };
  },
  head: ({ params, loaderData }) =>
    pageHead({ title: `Withdraw with ${loaderData?.name ?? params.payment.toUpperCase()}`, description: 'Withdraw coins with one payment method.', path: `/wallet/${params.payment}/withdraw` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useLoaderData();
  // Only the crypto chains carry `withdraw` (payment-methods.ts).
  return <CryptoWithdrawPage key={id} currency={id as 'btc'} />;
}
