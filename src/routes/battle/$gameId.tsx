import { createFileRoute } from '@tanstack/react-router';
import { BattlePage } from '../../features/battles/pages.ts';
import { isBattleId } from '../../features/battles/index.ts';
import { pageHead } from '../../features/shell/index.ts';
import { InvalidPageError } from '../../ui/invalid-page.ts';

export const Route = createFileRoute('/battle/$gameId')({
  // Spec: personal games by their 32-character token, others by the short hash; anything else is not a page.
  params: {
    parse: ({ gameId }) => {
      if (!isBattleId(gameId)) throw new InvalidPageError(`/battle/${gameId}: a battle is named by its hash or its token`);
      return { gameId };
    },
    stringify: ({ gameId }) => ({ gameId }),
  },
  head: ({ params }) => pageHead({ title: `Battle ${params.gameId}`, description: 'A case battle: seats, rounds and the winner.', path: `/battle/${params.gameId}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { gameId } = Route.useParams();
  return <BattlePage gameId={gameId} />;
}
