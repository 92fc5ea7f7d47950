import { describe, expect, test } from 'vitest';
import { bufferBalanceChange, shownBalance } from '../../src/features/wallet/balance/balance-buffer.ts';
import { markBusy, whenIdle } from '../../src/ui/activity.ts';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('balance buffer', () => {
  test('a battle payout that lands mid-animation is held back until nothing animates', async () => {
    const done = markBusy('battle:a');
    bufferBalanceChange({ type: 'arena_reward', amount: 2_500 });
    bufferBalanceChange({ type: 'arena_reward', amount: 500 });
    expect(shownBalance(13_000)).toBe(10_000);
    done();
    await nextTask();
    await nextTask();
    expect(shownBalance(13_000)).toBe(13_000);
  });

  test('other changes, spends and payouts with nothing animating show at once', () => {
    bufferBalanceChange({ type: 'arena_reward', amount: 2_500 });
    const done = markBusy('battle:b');
    bufferBalanceChange({ type: 'arena_join', amount: -1_000 });
    bufferBalanceChange({ type: 'wallet_deposit', amount: 5_000 });
    expect(shownBalance(9_000)).toBe(9_000);
    done();
  });

  test('one animation handing over to the next within a task is not a pause', async () => {
    const reels = markBusy('battle:c');
    bufferBalanceChange({ type: 'arena_reward', amount: 700 });
    let idle = false;
    void whenIdle().then(() => (idle = true));
    reels();
    const tiebreak = markBusy('battle-tiebreak:c');
    await nextTask();
    await nextTask();
    expect(idle).toBe(false);
    expect(shownBalance(1_700)).toBe(1_000);
    tiebreak();
    await nextTask();
    await nextTask();
    expect(idle).toBe(true);
    expect(shownBalance(1_700)).toBe(1_700);
  });
});
