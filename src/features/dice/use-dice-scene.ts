import { useEffect, type RefObject } from 'react';
import type { DiceSide } from '../../core/dice-rules.ts';
import type { DiceScene } from '../../gfx/dice-scene.ts';
import { useGfxScene } from '../../ui/use-gfx-scene.ts';

const createScene = async (renderer: Parameters<typeof DiceScene.create>[0]) => (await import('../../gfx/dice-scene.ts')).DiceScene.create(renderer);

/** The dice bar on the shared renderer, coloured for a side and target. */
export function useDiceScene(host: RefObject<HTMLElement | null>, side: DiceSide, target: number) {
  const { scene, status } = useGfxScene(host, createScene);
  useEffect(() => {
    scene?.setTarget(side, target);
  }, [scene, side, target]);
  return { scene, status };
}
