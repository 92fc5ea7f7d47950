/**
 * How the client words who is on line (docs/decisions/0050): real sockets, and the sim's
 * simulated players counted apart, never added in ("14 online, 40 simulated"). Without
 * simulated players (every server but the sim's) only the real count shows.
 */
export function onlineText(counts: { online: number; simulated: number }): string {
  return counts.simulated > 0 ? `${counts.online} online, ${counts.simulated} simulated` : `${counts.online} online`;
}
