import { createFileRoute } from '@tanstack/react-router';
import { NewcomerGuidePage } from '../../features/partnership/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/partnership/newcomer-guide')({
  head: () => pageHead({ title: 'Newcomer guide', description: 'Everything a new partner needs, in four steps.', path: '/partnership/newcomer-guide' }),
  component: NewcomerGuidePage,
});
