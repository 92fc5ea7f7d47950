import { createFileRoute } from '@tanstack/react-router';
import { ArenaPage } from '../features/arena/pages.ts';
import { pageHead } from '../features/shell/index.ts';

export const Route = createFileRoute('/arena')({
  head: () => pageHead({ title: 'Arena lobby', description: 'Public and personal games of the arena: battles waiting for players and your unbox games.', path: '/arena' }),
  component: ArenaPage,
});
