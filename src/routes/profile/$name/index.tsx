import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec: /profile/{name} is the old form of /@{name}. */
export const Route = createFileRoute('/profile/$name/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/@{$name}', params: { name: params.name }, replace: true });
  },
});
