import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/index.ts';

export const Route = createFileRoute('/')({
  head: () => ({
    meta: [
      { title: 'SkinFans Arena: open CS2 cases and battle for skins' },
      { name: 'description', content: 'Open CS2 cases alone or in battles of up to five seats, play Chicken and Dice. Provably fair.' },
      { property: 'og:title', content: 'SkinFans Arena' },
    ],
    links: [{ rel: 'canonical', href: '/' }],
  }),
  component: HomePage,
});
