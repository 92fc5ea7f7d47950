import { createFileRoute, redirect } from '@tanstack/react-router';
import { isNotFoundError } from '../../features/notifications/on-demand.ts';
import { AchievementsPage } from '../../features/profile/pages.ts';
import { profileQueryOptions } from '../../features/profile/index.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/@{$name}/achievements')({
  // Spec: 'User not found.' leads to /404.
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(profileQueryOptions(params.name)).catch((error: unknown) => {
      if (isNotFoundError(error)) throw redirect({ to: '/404', replace: true });
      throw error;
    }),
  head: ({ params }) => pageHead({ title: `${params.name}’s achievements`, description: `The achievements ${params.name} earned in the arena.`, path: `/@${params.name}/achievements` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { name } = Route.useParams();
  return <AchievementsPage name={name} />;
}
