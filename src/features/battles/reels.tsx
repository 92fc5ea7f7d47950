import { useEffect, useRef, useState } from 'react';
import type { BattleReelsScene, ReelsSpin } from '../../gfx/battle-reels-scene.ts';
import { getSettings } from '../../storage/settings.ts';
import { followSettings } from '../../ui/renderer-settings.ts';

/** What the page's reel area drives: a PixiJS scene, or nothing when WebGL is not there (the page then shows the drops as cards). */
export type Reels = { spin(request: ReelsSpin): Promise<void>; preload(images: readonly string[]): Promise<void>; skip(): void; setColumns(columns: number): void } | null;

/**
 * Borrows the session's renderer for the reel area of a battle page: PixiJS loads here, after the
 * page, never with the first page, and only when `spins` (a battle that has ended when its page
 * opens spins nothing: its page shows the last drops as pictures). The renderer follows
 * performance mode from the settings, and has the art of the battle's items (`images`) loaded
 * and on the GPU before a round spins. A browser without WebGL gets null and the page does
 * without the canvas.
 */
export function useReelsScene(host: React.RefObject<HTMLDivElement | null>, columns: number, spins: boolean, images: readonly string[]): { reels: Reels; failed: boolean; artReady: boolean } {
  const [scene, setScene] = useState<BattleReelsScene | null>(null);
  // The art the scene last finished loading (the images' key), for `artReady`.
  const [loadedArt, setLoadedArt] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const columnsRef = useRef(columns);
  useEffect(() => {
    columnsRef.current = columns;
  }, [columns]);

  useEffect(() => {
    if (!spins) return;
    let cancelled = false;
    let cleanup: (() => void) | undefined;
    void (async () => {
      try {
        const [{ getRenderer }, { BattleReelsScene }] = await Promise.all([import('../../gfx/renderer.ts'), import('../../gfx/battle-reels-scene.ts')]);
        const renderer = await getRenderer({ performance: getSettings().performance });
        if (cancelled || !host.current) return;
        const offSettings = followSettings(renderer);
        const detach = renderer.attach(host.current);
        const created = await BattleReelsScene.create(renderer);
        if (cancelled) {
          offSettings();
          created.destroy();
          detach();
          return;
        }
        created.setColumns(columnsRef.current);
        cleanup = () => {
          offSettings();
          created.destroy();
          detach();
        };
        setScene(created);
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      cleanup?.();
      setScene(null);
    };
  }, [host, spins]);

  useEffect(() => {
    scene?.setColumns(columns);
  }, [scene, columns]);

  // The art of every item the battle's cases hold, ready before the first round spins.
  const imagesKey = images.join('\n');
  useEffect(() => {
    if (scene && imagesKey) void scene.preload(imagesKey.split('\n')).then(() => setLoadedArt(imagesKey), () => undefined);
  }, [scene, imagesKey]);

  return { reels: scene, failed, artReady: scene !== null && loadedArt === imagesKey };
}
