/** Profiles: a player's public data, follows and the hover card. Pages: pages.ts. */
export { profileKeys, profileQueryOptions, useFollow, widgetQueryOptions } from './queries.ts';
export { UserName, WIDGET_HIDE_MS, WIDGET_OPEN_MS } from './user-name.tsx';
