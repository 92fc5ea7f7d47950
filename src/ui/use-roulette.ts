import { useEffect, useRef, type RefObject } from 'react';
import { ITEM_RARITY_STYLE, toItemRarity } from '../core/rarity.ts';
import type { ArenaRenderer } from '../gfx/renderer.ts';
import type { RouletteScene, RouletteItem, SpinRequest, SpinResult } from '../gfx/roulette-scene.ts';
import { playSound } from '../sound/index.ts';
import { useGfxScene, type SceneStatus } from './use-gfx-scene.ts';

/** How far the roulette got: loading PixiJS, drawing, or unavailable (no WebGL): then results show without a spin. */
export type RouletteStatus = SceneStatus;

/** Ticks closer together than this play once: at full speed cards pass the marker every frame. */
const TICK_GAP_MS = 45;

/** The roulette scene with its sounds: a tick per card passing the marker, the reveal when it settles. */
async function createRoulette(renderer: ArenaRenderer, scale: number): Promise<RouletteScene> {
  const { RouletteScene } = await import('../gfx/roulette-scene.ts');
  let lastTick = 0;
  return RouletteScene.create(renderer, {
    scale,
    onTick: () => {
      const now = performance.now();
      if (now - lastTick < TICK_GAP_MS) return;
      lastTick = now;
      playSound('tick');
    },
    onSettled: (result, plan) => {
      if (!result.skipped) playSound(`reveal_${plan.sound}`);
    },
  });
}

/**
 * The roulette (cases, and card packs) on the session's one PixiJS Application (useGfxScene), loaded lazily:
 * PixiJS never enters the first page. The scene animates to the item the server chose;
 * `spin` answers what the strip really stopped on. `scale` is read once, when the scene is made;
 * `pool`, the items the spins will show when they are known ahead, is prepared as it comes.
 */
export function useRoulette(host: RefObject<HTMLElement | null>, scale: number, pool?: readonly RouletteItem[]) {
  const { status, scene } = useGfxScene(host, (renderer) => createRoulette(renderer, scale));
  const current = useRef<RouletteScene | null>(null);
  // A spin asked for while the scene still loads waits for it (or for its absence).
  const ready = useRef<{ promise: Promise<RouletteScene | null>; resolve(scene: RouletteScene | null): void } | null>(null);
  if (ready.current === null) {
    let resolve!: (value: RouletteScene | null) => void;
    const promise = new Promise<RouletteScene | null>((done) => (resolve = done));
    ready.current = { promise, resolve };
  }

  useEffect(() => {
    current.current = scene;
    if (scene) ready.current?.resolve(scene);
    else if (status === 'unavailable') ready.current?.resolve(null);
  }, [scene, status]);

  // The items the spins will show, when known before the first (a case's): their art is ready
  // before the player presses Spin, not made in the spin's first frame.
  useEffect(() => {
    if (scene && pool) void scene.prepare(pool).catch(() => undefined);
  }, [scene, pool]);

  return {
    status,
    /** Spins to the server's winner; without a renderer the winner shows at once (null). */
    async spin<T extends RouletteItem>(request: SpinRequest<T>): Promise<SpinResult<T> | null> {
      const shown = current.current ?? (await ready.current!.promise);
      if (!shown) {
        playSound(`reveal_${ITEM_RARITY_STYLE[toItemRarity(request.winner.rarity)].sound}`);
        return null;
      }
      return shown.spin(request);
    },
    skip() {
      current.current?.skip();
    },
  };
}
