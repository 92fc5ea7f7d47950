import { createFileRoute } from '@tanstack/react-router';
import { TerminalFairnessPage } from '../../../features/fairness/pages.ts';
import { pageHead } from '../../../features/shell/index.ts';

export const Route = createFileRoute('/provably-fair/battles/terminal')({
  head: () => pageHead({ title: 'Terminal mode fairness', description: 'How terminal battles are decided.', path: '/provably-fair/battles/terminal' }),
  component: TerminalFairnessPage,
});
