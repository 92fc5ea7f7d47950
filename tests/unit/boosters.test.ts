import { describe, expect, test } from 'vitest';
import { BOOSTER_KINDS } from '../../src/contract/index.ts';
import { BOOSTER_DEFAULTS, BOOSTER_NAMES, DURATION_OUT_OF_RANGE, boosterExtra, boosterLocked, boosterTimerTone, formatBoosterDuration, formatCountdown } from '../../src/core/boosters.ts';
import { depositBonusPercent } from '../../src/core/money.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('booster duration formatting (document 1 section 9)', () => {
  test('up to an hour in minutes, up to a day in hours, up to 7 days in days, up to 14 days in weeks', () => {
    expect(formatBoosterDuration(30_000)).toBe('1 minute');
    expect(formatBoosterDuration(MIN)).toBe('1 minute');
    expect(formatBoosterDuration(59 * MIN)).toBe('59 minutes');
    expect(formatBoosterDuration(HOUR)).toBe('60 minutes');
    expect(formatBoosterDuration(HOUR + 1)).toBe('2 hours');
    expect(formatBoosterDuration(3 * HOUR)).toBe('3 hours');
    expect(formatBoosterDuration(DAY)).toBe('24 hours');
    expect(formatBoosterDuration(DAY + 1)).toBe('2 days');
    expect(formatBoosterDuration(7 * DAY)).toBe('7 days');
    expect(formatBoosterDuration(7 * DAY + 1)).toBe('2 weeks');
    expect(formatBoosterDuration(14 * DAY)).toBe('2 weeks');
  });
  test('beyond 14 days the time is out of range', () => {
    expect(formatBoosterDuration(14 * DAY + 1)).toBe(DURATION_OUT_OF_RANGE);
    expect(DURATION_OUT_OF_RANGE).toBe('Time exceeds the supported range');
  });
  test('the countdown reads h:mm:ss, or m:ss under an hour, never below zero', () => {
    expect(formatCountdown(HOUR + 61_000)).toBe('1:01:01');
    expect(formatCountdown(5 * MIN)).toBe('5:00');
    expect(formatCountdown(1)).toBe('0:01');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});

describe('booster rules', () => {
  test('locked when bonus_max is set and nothing is left, or the level is too low (document 1 section 4)', () => {
    expect(boosterLocked({ bonus_max: null, bonus_left: null, level: 0 }, 1)).toBe(false);
    expect(boosterLocked({ bonus_max: 5, bonus_left: 0, level: 0 }, 10)).toBe(true);
    expect(boosterLocked({ bonus_max: 5, bonus_left: null, level: 0 }, 10)).toBe(true);
    expect(boosterLocked({ bonus_max: 5, bonus_left: 1, level: 0 }, 10)).toBe(false);
    expect(boosterLocked({ bonus_max: null, bonus_left: null, level: 12 }, 11)).toBe(true);
    expect(boosterLocked({ bonus_max: null, bonus_left: null, level: 12 }, 12)).toBe(false);
  });
  test('timer tone: orange from 5 to 15 minutes left, red at 5 or less', () => {
    expect(boosterTimerTone(16 * MIN)).toBe('normal');
    expect(boosterTimerTone(15 * MIN)).toBe('orange');
    expect(boosterTimerTone(5 * MIN + 1)).toBe('orange');
    expect(boosterTimerTone(5 * MIN)).toBe('red');
  });
  test('the extra of a multiplier rounds down; the badge percent is (multiplier - 1) x 100', () => {
    expect(boosterExtra(150, 2000)).toBe(150);
    expect(boosterExtra(333, 1500)).toBe(166);
    expect(boosterExtra(100, 1000)).toBe(0);
    expect(depositBonusPercent(BOOSTER_DEFAULTS.deposit_bonus.multiplier_milli / 1000)).toBe(10);
  });
  test('every kind of the spec has a name and defaults', () => {
    expect(BOOSTER_KINDS.map((k) => BOOSTER_NAMES[k])).toEqual(['XP Multiplier', 'Rain Boost', 'Deposit Bonus', 'Battle Refund', 'Auto-Join', 'Auto-Claim', 'Free Access']);
    for (const k of BOOSTER_KINDS) expect(BOOSTER_DEFAULTS[k].multiplier_milli).toBeGreaterThanOrEqual(1000);
  });
});
