import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../../../features/session/index.ts';

/** A partner's dashboard and its pages are for signed-in players; visitors go to / (document 3 section 2). */
export const Route = createFileRoute('/partnership/@{$name}')({
  beforeLoad: () => requireLogin(),
});
