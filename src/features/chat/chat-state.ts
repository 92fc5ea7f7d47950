import { createStore } from '../../ui/store.ts';

/** Whether the chat panel is open. */
export const chatOpen = createStore(false);
