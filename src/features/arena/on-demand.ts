/** What the header loads when it shows the player's running games. */
export { MyGamesPopover } from './my-games-popover.tsx';
