import { createFileRoute, notFound } from '@tanstack/react-router';
import { cryptoCurrencyOf } from '../../../contract/currencies.ts';
import { pageHead } from '../../../features/shell/index.ts';
import { CryptoWithdrawPage, findPaymentMethod } from '../../../features/wallet/pages.ts';

export const Route = createFileRoute('/wallet/$payment/withdraw')({
  // Only the wallet's methods have a page to withdraw with; anything else is not found.
  loader: ({ params }) => {
    const method = findPaymentMethod(params.payment);
    const currency = method?.withdraw ? cryptoCurrencyOf(method.id) : null;
    if (!method || !currency) throw notFound();
    return { name: method.name, currency };
  },
  head: ({ params, loaderData }) =>
    pageHead({ title: `Withdraw with ${loaderData?.name ?? params.payment.toUpperCase()}`, description: 'Withdraw coins with one payment method.', path: `/wallet/${params.payment}/withdraw` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { currency } = Route.useLoaderData();
  return <CryptoWithdrawPage key={currency} currency={currency} />;
}
