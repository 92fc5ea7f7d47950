/**
 * What simulated players are called and what they say: names and chat lines composed in code
 * from small vocabularies (invented here), so a seeded run says the same things every time.
 */
import type { RandomSource } from '../../src/core/seeded-random.ts';

const FIRST = ['Nova', 'Quiet', 'Lucky', 'Rusty', 'Swift', 'Frost', 'Amber', 'Cobalt', 'Dusty', 'Echo', 'Misty', 'Pixel', 'Rapid', 'Solar', 'Tidal', 'Velvet', 'Wild', 'Zen'];
const SECOND = ['Fox', 'Rook', 'Otter', 'Falcon', 'Badger', 'Comet', 'Lynx', 'Mantis', 'Panda', 'Raven', 'Shark', 'Tiger', 'Viper', 'Wolf', 'Yak', 'Heron'];

/** The name of the simulated player number `n` (0-based): valid under the username rules, distinct for every n. */
export function simName(n: number): string {
  const first = FIRST[n % FIRST.length]!;
  const second = SECOND[Math.floor(n / FIRST.length) % SECOND.length]!;
  const round = Math.floor(n / (FIRST.length * SECOND.length));
  return `${first}${second}${round === 0 ? '' : round + 1}`;
}

const pick = <T,>(random: RandomSource, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const OPENERS = ['anyone', 'who', 'ok', 'lol', 'honestly', 'ngl', 'bro', 'guys', 'wait'];
const TOPICS = [
  'opening {case} again', 'going for a knife today', 'this {case} hates me', 'battle me on {case}', 'the chicken got me at step {n}',
  'dice under {n} never hits', 'rain soon?', 'who is streaming tonight', 'that drop was insane', 'need one more win',
  'radio is fire right now', 'green day finally', 'lost {n} in a row', 'team battles are the best', 'gl everyone',
];
const CLOSERS = ['', '', '', ' gg', ' :)', ' haha', ' ez', ' pls', ' !!'];
const REACTIONS = ['gg', 'wp', 'nice one', 'insane drop', 'lucky!', 'congrats', 'no way', 'gg wp'];
const REPLIES = ['same', 'true', 'haha yes', 'not for me', 'agreed', 'lol', 'gl', 'maybe later'];

/** One chat line: an opener now and then, a topic with its blanks filled, a closer. */
export function chatLine(random: RandomSource, caseName: string): string {
  const topic = pick(random, TOPICS).replace('{case}', caseName).replace('{n}', String(2 + Math.floor(random() * 8)));
  const opener = random() < 0.3 ? `${pick(random, OPENERS)} ` : '';
  return `${opener}${topic}${pick(random, CLOSERS)}`.slice(0, 200);
}

/** What a player says to someone's big drop or a rain. */
export const reactionLine = (random: RandomSource) => pick(random, REACTIONS);

/** A short answer to another message. */
export const replyLine = (random: RandomSource) => pick(random, REPLIES);
