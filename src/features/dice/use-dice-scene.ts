import { useEffect, useRef, type RefObject } from 'react';
import type { DiceSide } from '../../core/dice-rules.ts';
import type { DiceScene } from '../../gfx/dice-scene.ts';
import { useGfxScene } from '../../ui/use-gfx-scene.ts';

const createScene = async (renderer: Parameters<typeof DiceScene.create>[0]) => (await import('../../gfx/dice-scene.ts')).DiceScene.create(renderer);

/**
 * The dice bar on the shared renderer, coloured for a side and target. PixiJS loads only once
 * `wanted` (src/ui/scene-wanted.ts); until then, and without WebGL, the page shows the bar in
 * HTML (dice-track-view.tsx).
 */
export function useDiceScene(host: RefObject<HTMLElement | null>, side: DiceSide, target: number, wanted: boolean) {
  // No host until wanted: the scene's effect then waits (it runs again when the host changes).
  const none = useRef<HTMLElement | null>(null);
  const { scene, status } = useGfxScene(wanted ? host : none, createScene);
  useEffect(() => {
    scene?.setTarget(side, target);
  }, [scene, side, target]);
  return { scene, status: wanted ? status : 'waiting' };
}
