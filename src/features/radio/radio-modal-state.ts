import { createStore } from '../../ui/store.ts';

/** Which radio modal is open: the station, the song request, or none. Tiny: the header holds it. */
export const radioModal = createStore<'radio' | 'request' | null>(null);
