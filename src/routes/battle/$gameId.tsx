import { createFileRoute, redirect } from '@tanstack/react-router';
import { BattlePage, battleQueryOptions } from '../../features/battles/pages.ts';
import { isBattleId } from '../../features/battles/index.ts';
import { pageHead } from '../../features/shell/index.ts';
import { InvalidPageError } from '../../ui/invalid-page.ts';
import { routeApiError } from '../../features/notifications/on-demand.ts';

export const Route = createFileRoute('/battle/$gameId')({
  // Spec: personal games by their 32-character token, others by the short hash; anything else is not a page.
  params: {
    parse: ({ gameId }) => {
      if (!isBattleId(gameId)) throw new InvalidPageError(`/battle/${gameId}: a battle is named by its hash or its token`);
      return { gameId };
    },
    stringify: ({ gameId }) => ({ gameId }),
  },
  // The page cannot show a battle it does not have: its failure is the router's error page,
  // and GAME_ERROR (no such battle) leads to /battles as the spec's error table says.
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(battleQueryOptions(params.gameId)).catch((error: unknown) => {
      const route = routeApiError(error, 'page');
      if (route.action === 'navigate') throw redirect({ to: route.to, replace: true });
      throw error;
    }),
  head: ({ params }) => pageHead({ title: `Battle ${params.gameId}`, description: 'A case battle: seats, rounds and the winner.', path: `/battle/${params.gameId}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { gameId } = Route.useParams();
  return <BattlePage gameId={gameId} />;
}
