import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../../features/session/index.ts';

/** The inventory and its children are for signed-in players; visitors go to /. */
export const Route = createFileRoute('/inventory')({
  beforeLoad: () => requireLogin(),
});
