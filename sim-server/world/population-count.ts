/**
 * How many simulated players are on line now: the population (sim-server/population/)
 * sets it, the online counts read it (LOBBY_ONLINE, CHAT_ONLINE, arena.statistics), always apart
 * from the real sockets (docs/decisions/0050). Simulated players hold no socket; outside the sim,
 * or with the population at 0, it stays 0.
 *
 * One number per process: the population runs in the clock owner only (in a cluster), and the
 * counts are pushed by that owner too, so the owner's number is the one that is sent.
 */
let simulated = 0;

/** Sets the number of simulated players on line (the population calls it as players come and go). */
export function setSimulatedOnline(n: number): void {
  simulated = Number.isSafeInteger(n) && n > 0 ? n : 0;
}

/** The number of simulated players on line now. */
export function simulatedOnline(): number {
  return simulated;
}
