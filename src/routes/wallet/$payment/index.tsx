import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageHead } from '../../../features/shell/index.ts';
import { PaymentPage, findPaymentMethod } from '../../../features/wallet/pages.ts';

export const Route = createFileRoute('/wallet/$payment/')({
  // Only the wallet's methods have a page; anything else is not found.
  loader: ({ params }) => {
    const method = findPaymentMethod(params.payment);
    if (!method) throw notFound();
    return { name: method.name };
  },
  head: ({ params, loaderData }) =>
    pageHead({ title: `Deposit with ${loaderData?.name ?? params.payment.toUpperCase()}`, description: 'Deposit coins with one payment method.', path: `/wallet/${params.payment}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { payment } = Route.useParams();
  return <PaymentPage key={payment} payment={payment} />;
}
