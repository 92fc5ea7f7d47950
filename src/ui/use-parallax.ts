import { useEffect, type RefObject } from 'react';
import { useSettings } from '../storage/settings.ts';
import { usePrefersReducedMotion } from './performance.ts';

/**
 * The parallax setting's effect: while the pointer moves over `area`, `layer` is shifted a few
 * pixels toward it (CSS variables --parallax-x and --parallax-y, -1 to 1, which the layer's
 * transform reads). Off with the setting, in performance mode and with reduced motion, where
 * the layer rests at 0 and `data-parallax` says "off".
 */
export function useParallax(area: RefObject<HTMLElement | null>, layer: RefObject<HTMLElement | null>): void {
  const { parallax, performance } = useSettings();
  const reduced = usePrefersReducedMotion();
  const on = parallax && !performance && !reduced;
  useEffect(() => {
    const zone = area.current;
    const target = layer.current;
    if (!zone || !target) return;
    const put = (x: number, y: number) => {
      target.style.setProperty('--parallax-x', x.toFixed(3));
      target.style.setProperty('--parallax-y', y.toFixed(3));
    };
    target.setAttribute('data-parallax', on ? 'on' : 'off');
    put(0, 0);
    if (!on) return;
    const move = (event: PointerEvent) => {
      const box = zone.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return;
      put(((event.clientX - box.left) / box.width) * 2 - 1, ((event.clientY - box.top) / box.height) * 2 - 1);
    };
    const rest = () => put(0, 0);
    zone.addEventListener('pointermove', move);
    zone.addEventListener('pointerleave', rest);
    return () => {
      zone.removeEventListener('pointermove', move);
      zone.removeEventListener('pointerleave', rest);
      put(0, 0);
    };
  }, [area, layer, on]);
}
