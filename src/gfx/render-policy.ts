// The renderer's decisions as pure functions (docs/design.md section 8), kept apart from PixiJS so
// Node tests cover them: how the one Application is created and how item art is packed into an
// atlas. When performance mode turns itself on is the settings feature's frame-rate probe
// (src/ui/performance.ts); the renderer only follows the setting.

/** What the renderer is told about the player's machine and settings. */
export type RenderSettings = {
  /** Performance mode: lower resolution, no particles or effects, antialias off. */
  readonly performance: boolean;
  /** prefers-reduced-motion (or the player's setting): spins jump to the result. */
  readonly reducedMotion: boolean;
};

/**
 * Performance mode's frame cap. A weak phone that cannot hold 60 fps drops frames unevenly (a
 * stutter) and leaves no time between frames for a tap; at a steady 25 fps each frame has 40 ms,
 * most of it free for the page (docs/decisions/0053).
 */
export const PERFORMANCE_FPS = 25;

/** Frames per second the ticker may draw: the player's limit (0 = none), and at most 25 in performance mode. */
export function frameCap(performance: boolean, fpsLimit: number): number {
  const limit = Number.isFinite(fpsLimit) && fpsLimit > 0 ? fpsLimit : 0;
  if (!performance) return limit;
  return limit > 0 ? Math.min(limit, PERFORMANCE_FPS) : PERFORMANCE_FPS;
}

/**
 * The most textures one draw call samples. PixiJS batches as many as the GPU has texture units
 * (16 on most phones, 32 under SwiftShader) and its batch and graphics shaders pick a pixel's
 * texture with a chain of that many ifs, which a weak or software GPU runs in full for every
 * pixel: at 32 the chicken scene's frame took SwiftShader 20 ms, at 4 it took 7 (and the main
 * thread waits for it when the frame is handed over). The scenes draw from one art atlas, a few
 * text textures and PixiJS's blank one, so four seldom splits a batch (docs/decisions/0053).
 */
export const MAX_BATCH_TEXTURES = 4;

/** Textures per batch for a context that reports `supported`: at most MAX_BATCH_TEXTURES, at least 1. */
export function batchTextures(supported: number): number {
  return Number.isSafeInteger(supported) && supported > 0 ? Math.min(supported, MAX_BATCH_TEXTURES) : 1;
}

/** Creation options of the one Application, in PixiJS's names. */
export type ApplicationPolicy = {
  readonly preference: 'webgl';
  readonly antialias: boolean;
  readonly resolution: number;
  readonly autoDensity: true;
  readonly backgroundAlpha: 0;
  readonly powerPreference: 'high-performance' | 'low-power';
};

/** Canvas resolution: the device pixel ratio capped at 2, or 1 in performance mode. */
export function resolutionFor(performance: boolean, devicePixelRatio: number): number {
  if (performance) return 1;
  const ratio = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1;
  return Math.min(2, ratio);
}

/**
 * How the Application is created: WebGL preferred (WebGPU is still uneven on the machines this
 * serves), antialias off in performance mode. Antialias is fixed when the context is created:
 * switching performance mode later changes resolution and effects at once, antialias from the
 * next session, because recreating the Application would leak a WebGL context.
 */
export function applicationPolicy(settings: RenderSettings, devicePixelRatio: number): ApplicationPolicy {
  return {
    preference: 'webgl',
    antialias: !settings.performance,
    resolution: resolutionFor(settings.performance, devicePixelRatio),
    autoDensity: true,
    backgroundAlpha: 0,
    powerPreference: settings.performance ? 'low-power' : 'high-performance',
  };
}

/** Where each item's art goes in an atlas texture. */
export type AtlasLayout = {
  readonly columns: number;
  readonly rows: number;
  readonly width: number;
  readonly height: number;
  readonly cells: readonly { readonly x: number; readonly y: number }[];
};

/**
 * Packs `count` cells of one size into a grid no larger than `maxSize` on either side, with
 * `padding` px between cells so sampling never bleeds into a neighbour; null when they do not fit.
 */
export function atlasLayout(count: number, cellWidth: number, cellHeight: number, maxSize = 2_048, padding = 2): AtlasLayout | null {
  if (!Number.isSafeInteger(count) || count < 1) return null;
  if (!(cellWidth > 0 && cellHeight > 0) || cellWidth > maxSize || cellHeight > maxSize) return null;
  const fitColumns = Math.floor((maxSize + padding) / (cellWidth + padding));
  // Close to square, so neither side hits the limit first.
  const columns = Math.max(1, Math.min(fitColumns, Math.ceil(Math.sqrt((count * cellHeight) / cellWidth))));
  const rows = Math.ceil(count / columns);
  const width = columns * cellWidth + (columns - 1) * padding;
  const height = rows * cellHeight + (rows - 1) * padding;
  if (height > maxSize) return null;
  const cells = Array.from({ length: count }, (_, i) => ({ x: (i % columns) * (cellWidth + padding), y: Math.floor(i / columns) * (cellHeight + padding) }));
  return { columns, rows, width, height, cells };
}

/** p-th percentile (0..100) of a list of numbers by nearest rank; NaN for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = values.toSorted((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}
