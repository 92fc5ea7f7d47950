import { createFileRoute, redirect } from '@tanstack/react-router';
import { pageHead, previousLocation, supportOpen } from '../features/shell/index.ts';

/** Spec: /support opens the support chat, then returns to the previous page or /. */
export const Route = createFileRoute('/support')({
  beforeLoad: ({ preload }) => {
    // A link hovered (preloading) must not open the window.
    if (!preload) supportOpen.set(true);
    const back = previousLocation();
    throw redirect({ to: (back?.pathname ?? '/') as '/', search: back?.search ?? {}, replace: true });
  },
  head: () => pageHead({ title: 'Support', description: 'Contact the arena’s support team.', path: '/support' }),
});
