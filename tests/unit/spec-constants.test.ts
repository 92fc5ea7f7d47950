import { readFileSync } from 'node:fs';
import { describe, expect, test, vi } from 'vitest';
import { RANDOM_PREVIEW_COUNT } from '../../src/core/drop-pool.ts';
import { CASE_LOAD_FAILED, CASE_LOAD_ISSUE, ITEM_LOAD_ISSUE } from '../../src/features/cases/case-errors.tsx';
import { CHECKING_PERMISSIONS } from '../../src/features/cards/inventory-cards.tsx';
import { CAPTCHA_RESET_MS, keepCaptchaSolved } from '../../src/features/chat/captcha-token.ts';
import { powValid } from '../../src/core/rain.ts';
import { ROTATE_ERROR_TITLE } from '../../src/features/fairness/verify-modal.tsx';
import { TRANSLATION_MODULE_FAILED } from '../../src/features/settings/settings-panel.tsx';
import { DOUBLE_TAP_MS } from '../../src/features/profile/widget-timing.ts';
import { BREAKPOINTS } from '../../src/ui/breakpoints.ts';
import { NOT_A_VALID_PAGE } from '../../src/ui/invalid-page.ts';
import { ModalWidth } from '../../src/ui/modal.tsx';
import { CHUNK_LOAD_TIMEOUT_MS, untilLoaded } from '../../src/ui/until-loaded.ts';

/**
 * Texts and numbers of the three documents (sections 8 and 9) that live in the client, against
 * the one table below, written from the documents: a constant that drifts from its document
 * fails here by name.
 */
const SPEC = {
  // Document 1 section 8.
  caseLoadIssue: "There's an issue with loading the case - we're on it!",
  caseLoadFailed: "We're sorry, but the load case did not succeed.",
  itemLoadIssue: 'Issue loading case',
  notAValidPage: 'Not a valid page',
  translationModuleFailed: "There's been a problem loading the translation module",
  chunkTimeoutMs: 120_000,
  // Document 2 section 9.
  captchaResetMs: 295_000,
  // Document 1 section 6.
  checkingPermissions: 'Checking permissions…',
  // Document 3 section 8.
  rotateErrorTitle: 'Invalid seed',
  // Document 1 section 9.
  previewCount: 18,
  doubleTapMs: 500,
  breakpoints: { mobile: 767, tablet: 991, laptop: 1023 },
  modalWidths: {
    tip: 459, enterCode: 545, settings: 579, streamParty: 944, boostersGuide: 905, boosters: 489, login: 573, vault: 507,
    insufficientFunds: 603, card: 568, pack: 752, loginDetected: 579, provablyFairGuide: 1085, protectionChallenge: 515,
  },
} as const;

describe('the client constants the documents give', () => {
  test('case, page, translation and seed texts read as the documents word them', () => {
    expect({ CASE_LOAD_ISSUE, CASE_LOAD_FAILED, ITEM_LOAD_ISSUE, NOT_A_VALID_PAGE, TRANSLATION_MODULE_FAILED, CHECKING_PERMISSIONS, ROTATE_ERROR_TITLE }).toEqual({
      CASE_LOAD_ISSUE: SPEC.caseLoadIssue,
      CASE_LOAD_FAILED: SPEC.caseLoadFailed,
      ITEM_LOAD_ISSUE: SPEC.itemLoadIssue,
      NOT_A_VALID_PAGE: SPEC.notAValidPage,
      TRANSLATION_MODULE_FAILED: SPEC.translationModuleFailed,
      CHECKING_PERMISSIONS: SPEC.checkingPermissions,
      ROTATE_ERROR_TITLE: SPEC.rotateErrorTitle,
    });
  });

  test('timers and counts are the documents\' numbers', () => {
    expect({ CHUNK_LOAD_TIMEOUT_MS, RANDOM_PREVIEW_COUNT, DOUBLE_TAP_MS, CAPTCHA_RESET_MS }).toEqual({
      CHUNK_LOAD_TIMEOUT_MS: SPEC.chunkTimeoutMs,
      RANDOM_PREVIEW_COUNT: SPEC.previewCount,
      DOUBLE_TAP_MS: SPEC.doubleTapMs,
      CAPTCHA_RESET_MS: SPEC.captchaResetMs,
    });
  });

  test('breakpoints and modal widths are the documents\' pixels, and the stylesheet hides the laptop links at 1023 px', () => {
    expect(BREAKPOINTS).toEqual(SPEC.breakpoints);
    expect(ModalWidth).toMatchObject(SPEC.modalWidths);
    const shell = readFileSync(new URL('../../src/features/shell/shell.css', import.meta.url), 'utf8');
    expect(shell).toContain(`@media (max-width: ${SPEC.breakpoints.laptop}px)`);
  });
});

test('a chunk that has not loaded after 120 s counts as failed and is asked for again', async () => {
  vi.useFakeTimers();
  vi.stubGlobal('navigator', { onLine: true });
  try {
    const load = vi.fn<() => Promise<string>>().mockReturnValueOnce(new Promise(() => undefined)).mockResolvedValue('chunk');
    const loaded = untilLoaded(load);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    // Timed out: the retry follows 10 s later, as after any failed fetch while online.
    await vi.advanceTimersByTimeAsync(1 + 10_000);
    expect(load).toHaveBeenCalledTimes(2);
    await expect(loaded).resolves.toBe('chunk');
  } finally {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  }
});

test('a solved captcha is dropped after 295 s and solved again', async () => {
  vi.useFakeTimers();
  try {
    const captcha = { challenge: 'c0ffee', difficulty: 6 };
    const tokens: (string | null)[] = [];
    const stop = keepCaptchaSolved(captcha, 'SF0000000007', (token) => tokens.push(token));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(tokens).toHaveLength(1);
    expect(powValid(captcha.challenge, 'SF0000000007', tokens[0]!, captcha.difficulty)).toBe(true);
    await vi.advanceTimersByTimeAsync(CAPTCHA_RESET_MS - 1_100);
    expect(tokens).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(tokens.slice(1)).toEqual([null, tokens[0]]);
    stop();
    await vi.advanceTimersByTimeAsync(CAPTCHA_RESET_MS * 2);
    expect(tokens).toHaveLength(3);
  } finally {
    vi.useRealTimers();
  }
});
