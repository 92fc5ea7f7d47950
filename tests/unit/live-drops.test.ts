import { describe, expect, test } from 'vitest';
import { LIVE_DROPS, addLiveDrop, revealHiddenDrops, type LiveDrop, type LiveDropsState } from '../../src/features/home/live-drops.ts';

const drop = (n: number) => ({ hash: `SF${n}` }) as LiveDrop;
const empty: LiveDropsState = { visible: [], hidden: [] };

describe('live drops (document 1 section 9: 30 visible, 15 hidden)', () => {
  test('a focused window shows the newest drop first and keeps at most 30', () => {
    let state = empty;
    for (let n = 1; n <= 40; n++) state = addLiveDrop(state, drop(n), true);
    expect(state.visible).toHaveLength(LIVE_DROPS.visible);
    expect(state.visible[0]!.hash).toBe('SF40');
    expect(state.visible.at(-1)!.hash).toBe('SF11');
    expect(state.hidden).toEqual([]);
  });

  test('drops that come while the window has no focus wait (15 at most) and join the strip on focus', () => {
    let state = addLiveDrop(empty, drop(1), true);
    for (let n = 2; n <= 20; n++) state = addLiveDrop(state, drop(n), false);
    expect(state.visible.map((d) => d.hash)).toEqual(['SF1']);
    expect(state.hidden).toHaveLength(LIVE_DROPS.hidden);
    expect(state.hidden[0]!.hash).toBe('SF20');
    state = revealHiddenDrops(state);
    expect(state.hidden).toEqual([]);
    expect(state.visible).toHaveLength(16);
    expect(state.visible[0]!.hash).toBe('SF20');
    expect(state.visible.at(-1)!.hash).toBe('SF1');
  });

  test('a drop replayed after a reconnect is not shown twice', () => {
    const state = addLiveDrop(addLiveDrop(empty, drop(7), true), drop(7), true);
    expect(state.visible).toHaveLength(1);
  });
});
