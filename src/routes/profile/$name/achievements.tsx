import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec: /profile/{name}/achievements is the old form of /@{name}/achievements. */
export const Route = createFileRoute('/profile/$name/achievements')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/@{$name}/achievements', params: { name: params.name }, replace: true });
  },
});
