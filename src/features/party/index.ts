/** Stream parties: the lobby widget the shell mounts (its code loads on demand). */
export { PartyLobby } from './lazy-lobby.tsx';
