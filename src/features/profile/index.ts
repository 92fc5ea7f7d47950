/** Profiles: a player's public data, follows and the hover card. Pages: pages.ts. */
import { lazyPart } from '../../ui/lazy-part.ts';

export { profileKeys, profileQueryOptions } from './queries.ts';
export { WIDGET_HIDE_MS, WIDGET_OPEN_MS } from './widget-timing.ts';

/** A player's name linking to their profile, with the hover card; loads with the first list of names (wrap it in Suspense). */
export const UserName = lazyPart(() => import('./user-name.tsx').then((m) => ({ default: m.UserName })));
