/** The arena lobby and the games' shared calls (chat lines, leave; the reaction bundles are battles'). */
import type { Domain } from '../../rpc/context.ts';
import { arenaGameHandlers } from './game.ts';
import { arenaLobbyHandlers } from './lobby.ts';

export const arena: Domain = { handlers: { ...arenaGameHandlers, ...arenaLobbyHandlers } };
