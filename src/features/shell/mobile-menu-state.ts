import { createStore } from '../../ui/store.ts';

/** Whether the mobile menu is open. */
export const mobileMenuOpen = createStore(false);

/** Whether the phone settings modal is open. */
export const mobileSettingsOpen = createStore(false);
