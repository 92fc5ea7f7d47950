/**
 * The assistant's scenarios and the rule that picks the next one (document 1 section 4
 * 'Assistant'; docs/decisions/0024). Pure, so the unit test drives it without a browser.
 */
import { ASSISTANT_MARKER_LIMIT, ASSISTANT_MARKER_PREFIX, assistantMarkerCount } from '../../core/badges.ts';

/** One line of a scenario's playlist. */
export interface AssistantLine {
  name: string;
  text: string;
}

/** One scenario: where and for whom it plays, what it says and when it may come back. */
export interface Scenario {
  /** Its marker is `assistant_` + key. */
  key: string;
  /** Plays even with the assistant setting off (the spec's first-visit and welcome). */
  forced: boolean;
  /** 'any': visitors and players; 'player': signed-in players only. */
  who: 'any' | 'player';
  /** Pages it plays on; null: any page. */
  path: RegExp | null;
  lines: readonly AssistantLine[];
  /** How long it waits on its page before it speaks, ms. */
  timeout: number;
  /** After a skip it may play again this much later (ms); null: a skip marks it done. */
  repeatAfterSkip: number | null;
  /** After leaving its page mid-way it may play again this much later (ms); null: leaving marks it done. */
  repeatAfterLeave: number | null;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A shut-up (the "Quiet" button) silences every scenario this long: 600 s. */
export const SHUT_UP_MS = 600_000;
/** The hint under a line shows this long, then hides. */
export const HINT_MS = 5_000;

/** Every scenario, in the order they are offered. */
export const SCENARIOS: readonly Scenario[] = [
  {
    key: 'first_visit',
    forced: true,
    who: 'any',
    path: null,
    timeout: 800,
    repeatAfterSkip: 12 * HOUR,
    repeatAfterLeave: 10 * MINUTE,
    lines: [
      { name: 'FIRST_VISIT_HELLO', text: "Hi, I'm Sparky, your guide to the arena." },
      { name: 'FIRST_VISIT_GAMES', text: 'Open CS2 cases, fight in case battles, or try Catch the Chicken and Dice.' },
      { name: 'FIRST_VISIT_FAIR', text: 'Every roll is provably fair: the Fairness page recomputes any result from its seeds.' },
      { name: 'FIRST_VISIT_LEVELS', text: 'Signed in, every coin you wager earns experience, levels and race points.' },
    ],
  },
  {
    key: 'welcome',
    forced: true,
    who: 'player',
    path: null,
    timeout: 800,
    // The spec: the welcome replica is never repeated after a skip.
    repeatAfterSkip: null,
    repeatAfterLeave: 10 * MINUTE,
    lines: [
      { name: 'ASSISTANT_WELCOME', text: 'Welcome back to the arena, good to see you signed in!' },
      { name: 'WELCOME_LEVELS', text: 'Levels pay rewards on the Rewards page, and the weekly Race+ pays its top ten.' },
    ],
  },
  {
    key: 'cases',
    forced: false,
    who: 'player',
    path: /^\/cases\/?$/,
    timeout: 1500,
    repeatAfterSkip: 24 * HOUR,
    repeatAfterLeave: HOUR,
    lines: [
      { name: 'CASES_PICK', text: 'Pick a case to see every item it holds and its odds.' },
      { name: 'CASES_SEED', text: 'Your seed pair decides each roll; change your client seed any time under Fairness.' },
    ],
  },
  {
    key: 'battles',
    forced: false,
    who: 'player',
    path: /^\/battles\/?$/,
    timeout: 1500,
    repeatAfterSkip: 24 * HOUR,
    repeatAfterLeave: HOUR,
    lines: [
      { name: 'BATTLES_JOIN', text: 'Join a battle: everyone opens the same cases and the best total takes all the drops.' },
      { name: 'BATTLES_CREATE', text: 'Or create your own, with the modes and seats you like.' },
    ],
  },
  {
    key: 'rewards',
    forced: false,
    who: 'player',
    path: /^\/rewards\/?$/,
    timeout: 1500,
    repeatAfterSkip: 24 * HOUR,
    repeatAfterLeave: HOUR,
    lines: [{ name: 'REWARDS_CLAIM', text: 'Each level you reach gives a free case once here: claim it whenever you like.' }],
  },
  {
    key: 'race',
    forced: false,
    who: 'player',
    path: /^\/event\/race(\/|$)/,
    timeout: 1500,
    repeatAfterSkip: 24 * HOUR,
    repeatAfterLeave: HOUR,
    lines: [{ name: 'RACE_POINTS', text: 'Every cent wagered is a race point. The top ten share the prize pool when the period ends.' }],
  },
];

/** The marker a scenario sets once done. */
export const markerOf = (scenario: Pick<Scenario, 'key'>) => `${ASSISTANT_MARKER_PREFIX}${scenario.key}`;

/** What the pick reads: who is here, where, what is done or cooling down, the setting. */
export interface AssistantState {
  logged: boolean;
  path: string;
  /** Markers held (the server's for a player, this device's for a visitor). */
  marks: Readonly<Record<string, number>>;
  /** Scenario key to the time it may play again (ms). */
  cooldowns: Readonly<Record<string, number>>;
  shutUpUntil: number;
  settingOn: boolean;
  mobile: boolean;
  now: number;
}

/** The scenario to play now, or null. */
export function nextScenario(state: AssistantState): Scenario | null {
  if (state.mobile || state.now < state.shutUpUntil) return null;
  if (state.logged && assistantMarkerCount(state.marks) > ASSISTANT_MARKER_LIMIT) return null;
  const queued = SCENARIOS.filter(
    (s) => (s.who === 'any' || state.logged) && (s.forced || state.settingOn) && !(markerOf(s) in state.marks) && (state.cooldowns[s.key] ?? 0) <= state.now,
  );
  // Welcome is skipped while first-visit is queued: a new player hears one greeting at a time.
  const firstVisitQueued = queued.some((s) => s.key === 'first_visit');
  return queued.find((s) => (s.path === null || s.path.test(state.path)) && !(s.key === 'welcome' && firstVisitQueued)) ?? null;
}

/** How a scenario ended. */
export type Ending = 'done' | 'skip' | 'leave';

/** What an ending writes: the marker (done) or the time it may play again. */
export function afterEnding(scenario: Scenario, ending: Ending, now: number): { mark: string } | { until: number } {
  const delay = ending === 'skip' ? scenario.repeatAfterSkip : ending === 'leave' ? scenario.repeatAfterLeave : null;
  return delay === null ? { mark: markerOf(scenario) } : { until: now + delay };
}
