import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageHead } from '../../../features/shell/index.ts';
import { PaymentPage, findPaymentMethod } from '../../../features/wallet/pages.ts';

export const Route = createFileRoute('/wallet/$payment/withdraw')({
  // Only the wallet's methods have a page to withdraw with; anything else is not found.
  loader: ({ params }) => {
    const method = findPaymentMethod(params.payment);
    if (!method?.withdraw) throw notFound();
    return { name: method.name };
  },
  head: ({ params, loaderData }) =>
    pageHead({ title: `Withdraw with ${loaderData?.name ?? params.payment.toUpperCase()}`, description: 'Withdraw coins with one payment method.', path: `/wallet/${params.payment}/withdraw` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { payment } = Route.useParams();
  return <PaymentPage payment={payment} withdraw />;
}
