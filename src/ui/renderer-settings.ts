import { frameCap } from '../gfx/render-policy.ts';
import type { ArenaRenderer } from '../gfx/renderer.ts';
import { getSettings, subscribeSettings } from '../storage/settings.ts';

/**
 * Puts the player's settings on the session's renderer (performance mode and its 25 fps cap,
 * the FPS limit) and keeps them there while the page lives; answers the unsubscribe function.
 */
export function followSettings(renderer: ArenaRenderer): () => void {
  const apply = () => {
    const { performance, fps_limit } = getSettings();
    renderer.setPerformanceMode(performance);
    renderer.setMaxFps(frameCap(performance, fps_limit));
  };
  apply();
  return subscribeSettings(apply);
}
