import { useEffect, useRef, type RefObject } from 'react';
import { chickenLadder, formatMultiplier, type ChickenRisk } from '../../core/chicken-rules.ts';
import type { ChickenScene } from '../../gfx/chicken-scene.ts';
import { useGfxScene } from '../../ui/use-gfx-scene.ts';

const createScene = async (renderer: Parameters<typeof ChickenScene.create>[0]) => (await import('../../gfx/chicken-scene.ts')).ChickenScene.create(renderer);

/**
 * The road on the shared renderer, drawn for a risk level with the chicken at `position`
 * (0 = the sidewalk); `hold` keeps the page's state from redrawing it while a hop plays.
 * PixiJS loads only once `wanted` (src/ui/scene-wanted.ts); until then, and without WebGL, the
 * page shows the road in HTML (chicken-road-view.tsx).
 */
export function useChickenScene(host: RefObject<HTMLElement | null>, road: { risk: ChickenRisk; position: number; caught: boolean; hold: boolean }, wanted: boolean) {
  // No host until wanted: the scene's effect then waits (it runs again when the host changes).
  const none = useRef<HTMLElement | null>(null);
  const { scene, status } = useGfxScene(wanted ? host : none, createScene);
  const { risk, position, caught, hold } = road;
  useEffect(() => {
    if (!scene || hold) return;
    scene.setRoad(chickenLadder(risk).map((m) => formatMultiplier(m)), position, caught);
  }, [scene, risk, position, caught, hold]);
  return { scene, status: wanted ? status : 'waiting' };
}
