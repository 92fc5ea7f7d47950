import { createFileRoute, redirect } from '@tanstack/react-router';
import { isNotFoundError } from '../../features/notifications/on-demand.ts';
import { ProfilePage } from '../../features/profile/pages.ts';
import { profileQueryOptions } from '../../features/profile/index.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/@{$name}/')({
  validateSearch: (search: Record<string, unknown>): { settings?: string } => (typeof search.settings === 'string' ? { settings: search.settings } : {}),
  // Spec: 'User not found.' leads to /404.
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(profileQueryOptions(params.name)).catch((error: unknown) => {
      if (isNotFoundError(error)) throw redirect({ to: '/404', replace: true });
      throw error;
    }),
  head: ({ params }) => pageHead({ title: `${params.name}’s profile`, description: `${params.name} on SkinFans Arena: level, rank, best drops and battles.`, path: `/@${params.name}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { name } = Route.useParams();
  const { settings } = Route.useSearch();
  return <ProfilePage name={name} settings={settings} />;
}
