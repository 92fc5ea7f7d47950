import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ArenaRenderer } from '../gfx/renderer.ts';
import { getSettings } from '../storage/settings.ts';
import { followSettings } from './renderer-settings.ts';

/** Loading PixiJS, drawing, or unavailable (no WebGL): the page then shows results without animation. */
export type SceneStatus = 'loading' | 'ready' | 'unavailable';

/**
 * A scene on the session's one PixiJS Application (src/gfx/renderer.ts), attached to `host`
 * while the component lives. PixiJS and the scene load lazily (`create` does its own dynamic
 * import), so neither enters the first page. Performance mode follows the settings; reduced
 * motion follows the system through the renderer, and the FPS limit caps its frames.
 */
export function useGfxScene<S extends { destroy(): void }>(host: RefObject<HTMLElement | null>, create: (renderer: ArenaRenderer) => Promise<S>) {
  const [status, setStatus] = useState<SceneStatus>('loading');
  const [scene, setScene] = useState<S | null>(null);
  const factory = useRef(create);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let cancelled = false;
    let cleanup: (() => void) | undefined;
    void (async () => {
      try {
        const { getRenderer } = await import('../gfx/renderer.ts');
        const renderer = await getRenderer({ performance: getSettings().performance });
        if (cancelled) return;
        const offSettings = followSettings(renderer);
        const detach = renderer.attach(element);
        const created = await factory.current(renderer);
        cleanup = () => {
          created.destroy();
          offSettings();
          detach();
        };
        if (cancelled) {
          cleanup();
          return;
        }
        setScene(created);
        setStatus('ready');
      } catch (error) {
        console.warn('the animation is unavailable', error);
        if (!cancelled) setStatus('unavailable');
      }
    })();
    return () => {
      cancelled = true;
      setScene(null);
      cleanup?.();
    };
  }, [host]);

  return { status, scene };
}
