/**
 * The rain's and split-or-steal's captcha on this device (document 2: a captcha token joins
 * either): a proof of work bound to the player, solved in slices so the page stays responsive.
 * A solved token is dropped after CAPTCHA_RESET_MS (document 2 section 9: 295000 ms), as a
 * challenge widget's token expires, and solved again.
 */
import { solvePow } from '../../core/rain.ts';

/** How long a solved captcha is offered before it is solved afresh (document 2 section 9). */
export const CAPTCHA_RESET_MS = 295_000;
/** Hashes tried per slice while solving. */
const POW_SLICE = 3000;

/** Solves the captcha and keeps it fresh; `onToken` hears each token, and null when one is reset. Answers the stop function. */
export function keepCaptchaSolved(captcha: { challenge: string; difficulty: number }, playerHash: string, onToken: (token: string | null) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const solve = (from: number) => {
    if (stopped) return;
    const found = solvePow(captcha.challenge, playerHash, captcha.difficulty, from, POW_SLICE);
    if (found === null) {
      timer = setTimeout(() => solve(from + POW_SLICE), 0);
      return;
    }
    onToken(found);
    timer = setTimeout(() => {
      onToken(null);
      solve(0);
    }, CAPTCHA_RESET_MS);
  };
  timer = setTimeout(() => solve(0), 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
