/** Stream parties: the lobby widget, which the shell loads after the first page. */
export { PartyLobby } from './lobby-widget.tsx';
