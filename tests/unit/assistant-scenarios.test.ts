import { describe, expect, test } from 'vitest';
import { SCENARIOS, SHUT_UP_MS, afterEnding, markerOf, nextScenario, type AssistantState } from '../../src/features/assistant/scenarios.ts';

const base: AssistantState = { logged: false, path: '/', marks: {}, cooldowns: {}, shutUpUntil: 0, settingOn: true, mobile: false, now: 1_000_000 };
const scenario = (key: string) => SCENARIOS.find((s) => s.key === key)!;
const done = (...keys: string[]) => Object.fromEntries(keys.map((k) => [`assistant_${k}`, 1]));

describe('assistant scenarios (document 1 section 4)', () => {
  test('first-visit plays first, and welcome waits while it is queued', () => {
    expect(nextScenario(base)?.key).toBe('first_visit');
    expect(nextScenario({ ...base, logged: true })?.key).toBe('first_visit');
    expect(nextScenario({ ...base, logged: true, marks: done('first_visit') })?.key).toBe('welcome');
    // A visitor never hears the players' scenarios.
    expect(nextScenario({ ...base, marks: done('first_visit'), path: '/cases' })).toBeNull();
  });

  test('first-visit and welcome play with the setting off; the others only with it on', () => {
    expect(nextScenario({ ...base, settingOn: false })?.key).toBe('first_visit');
    const player = { ...base, logged: true, marks: done('first_visit', 'welcome'), path: '/cases' };
    expect(nextScenario(player)?.key).toBe('cases');
    expect(nextScenario({ ...player, settingOn: false })).toBeNull();
  });

  test('page scenarios play on their page only; done or cooling down ones do not replay', () => {
    const player = { ...base, logged: true, marks: done('first_visit', 'welcome') };
    expect(nextScenario({ ...player, path: '/' })).toBeNull();
    expect(nextScenario({ ...player, path: '/battles' })?.key).toBe('battles');
    expect(nextScenario({ ...player, path: '/event/race/daily' })?.key).toBe('race');
    expect(nextScenario({ ...player, path: '/battles', marks: { ...player.marks, ...done('battles') } })).toBeNull();
    expect(nextScenario({ ...player, path: '/battles', cooldowns: { battles: base.now + 1 } })).toBeNull();
    expect(nextScenario({ ...player, path: '/battles', cooldowns: { battles: base.now } })?.key).toBe('battles');
  });

  test('a shut-up lasts 600 s, mobile never plays, and more than 5 assistant markers stop it for a player', () => {
    expect(SHUT_UP_MS).toBe(600_000);
    expect(nextScenario({ ...base, shutUpUntil: base.now + 1 })).toBeNull();
    expect(nextScenario({ ...base, mobile: true })).toBeNull();
    const five = done('first_visit', 'welcome', 'cases', 'rewards', 'race');
    expect(nextScenario({ ...base, logged: true, marks: five, path: '/battles' })?.key).toBe('battles');
    expect(nextScenario({ ...base, logged: true, marks: { ...five, assistant_old_one: 1 }, path: '/battles' })).toBeNull();
  });

  test('finishing marks done; a skip of welcome marks it done (never repeated); other skips and leaves cool down', () => {
    expect(afterEnding(scenario('cases'), 'done', 5)).toEqual({ mark: 'assistant_cases' });
    expect(afterEnding(scenario('welcome'), 'skip', 5)).toEqual({ mark: markerOf(scenario('welcome')) });
    expect(afterEnding(scenario('first_visit'), 'skip', 5)).toEqual({ until: 5 + scenario('first_visit').repeatAfterSkip! });
    expect(afterEnding(scenario('cases'), 'leave', 5)).toEqual({ until: 5 + scenario('cases').repeatAfterLeave! });
  });
});
