import type { ServerMessageData } from '../../contract/index.ts';
import { createStore } from '../../ui/store.ts';

/** The latest LOGIN_DETECTED this session heard, until the player answers it. */
export const loginDetected = createStore<ServerMessageData<'LOGIN_DETECTED'> | null>(null);
