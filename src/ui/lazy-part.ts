import { lazy } from 'react';
import { untilLoaded } from './until-loaded.ts';

/**
 * React's lazy for a part of a page (a panel, a modal, the footer): when its chunk cannot be
 * fetched, because the connection went away before the part was asked for, it waits for the
 * connection and tries again (untilLoaded) instead of failing. A failed part would take the
 * whole page to the error screen.
 */
export const lazyPart: typeof lazy = (load) => lazy(() => untilLoaded(load));
