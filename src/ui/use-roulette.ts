import { useEffect, useRef, useState, type RefObject } from 'react';
import { ITEM_RARITY_STYLE, toItemRarity } from '../core/rarity.ts';
import type { RouletteScene, RouletteItem, SpinRequest, SpinResult } from '../gfx/roulette-scene.ts';
import { playSound } from '../sound/index.ts';
import { getSettings, subscribeSettings } from '../storage/settings.ts';

/** How far the roulette got: loading PixiJS, drawing, or unavailable (no WebGL): then results show without a spin. */
export type RouletteStatus = 'loading' | 'ready' | 'unavailable';

/** Ticks closer together than this play once: at full speed cards pass the marker every frame. */
const TICK_GAP_MS = 45;

/**
 * The roulette (cases, and card packs) on the session's one PixiJS Application (src/gfx/renderer.ts), loaded
 * lazily: PixiJS never enters the first page. The scene animates to the item the server chose;
 * `spin` answers what the strip really stopped on. Performance mode follows the settings,
 * reduced motion follows the system (the renderer listens to prefers-reduced-motion).
 */
export function useRoulette(host: RefObject<HTMLElement | null>, scale: number) {
  const [status, setStatus] = useState<RouletteStatus>('loading');
  const scene = useRef<RouletteScene | null>(null);
  const ready = useRef<{ promise: Promise<RouletteScene | null>; resolve(scene: RouletteScene | null): void } | null>(null);
  if (ready.current === null) {
    let resolve!: (value: RouletteScene | null) => void;
    const promise = new Promise<RouletteScene | null>((done) => (resolve = done));
    ready.current = { promise, resolve };
  }

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let cancelled = false;
    let cleanup: (() => void) | undefined;
    void (async () => {
      try {
        const [{ getRenderer }, { RouletteScene }] = await Promise.all([import('../gfx/renderer.ts'), import('../gfx/roulette-scene.ts')]);
        const renderer = await getRenderer({ performance: getSettings().performance });
        if (cancelled) return;
        renderer.setPerformanceMode(getSettings().performance);
        const detach = renderer.attach(element);
        const offSettings = subscribeSettings(() => renderer.setPerformanceMode(getSettings().performance));
        let lastTick = 0;
        const created = await RouletteScene.create(renderer, {
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
        if (cancelled) {
          created.destroy();
          offSettings();
          detach();
          return;
        }
        scene.current = created;
        cleanup = () => {
          created.destroy();
          offSettings();
          detach();
        };
        setStatus('ready');
        ready.current?.resolve(created);
      } catch (error) {
        console.warn('the roulette is unavailable', error);
        if (cancelled) return;
        setStatus('unavailable');
        ready.current?.resolve(null);
      }
    })();
    return () => {
      cancelled = true;
      scene.current = null;
      cleanup?.();
    };
  }, [host, scale]);

  return {
    status,
    /** Spins to the server's winner; without a renderer the winner shows at once (null). */
    async spin<T extends RouletteItem>(request: SpinRequest<T>): Promise<SpinResult<T> | null> {
      const current = scene.current ?? (await ready.current!.promise);
      if (!current) {
        playSound(`reveal_${ITEM_RARITY_STYLE[toItemRarity(request.winner.rarity)].sound}`);
        return null;
      }
      return current.spin(request);
    },
    skip() {
      scene.current?.skip();
    },
  };
}
