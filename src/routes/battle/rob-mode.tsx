import { createFileRoute } from '@tanstack/react-router';
import { RobModePage } from '../../features/battles/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/battle/rob-mode')({
  head: () => pageHead({ title: 'Rob mode', description: 'How rob mode battles end: split or rob, committed in secret.', path: '/battle/rob-mode' }),
  component: RobModePage,
});
