// The one PixiJS Application of the session (docs/design.md section 8). Creating and destroying
// Applications leaks WebGL contexts, so a page borrows this one: it attaches the canvas to its
// host element and detaches it when it leaves; the Application itself lives until the tab
// closes. Load this module lazily (import('.../gfx/renderer.ts')): PixiJS is not part of the
// first page.
import { Application, CanvasTextPipe, CanvasTextSystem, extensions, GlLimitsSystem, isWebGLSupported, Ticker, UPDATE_PRIORITY } from 'pixi.js';
import { applicationPolicy, batchTextures, resolutionFor, type RenderSettings } from './render-policy.ts';

// Canvas text is an opt-in extension of PixiJS 8 (what 'pixi.js/text' registers), and a
// renderer collects its systems when it starts: registered here, scenes' Text objects draw.
extensions.add(CanvasTextSystem, CanvasTextPipe);

// A context's batch size is read once, by the limits system, before the batch and graphics
// shaders are compiled with an if for each texture: capped where it is read, every shader is
// compiled with the shorter chain (render-policy.ts says why).
const readLimits = GlLimitsSystem.prototype.contextChange;
GlLimitsSystem.prototype.contextChange = function (this: GlLimitsSystem) {
  readLimits.call(this);
  this.maxBatchableTextures = batchTextures(this.maxBatchableTextures);
};

/** How often PixiJS's scheduled tasks are looked at; the soonest repeats every 30 s. */
const SCHEDULER_TICK_MS = 1_000;

/** What a scene hears when the host's size or the settings change. */
export type RendererEvent = { readonly type: 'resize'; readonly width: number; readonly height: number } | { readonly type: 'settings'; readonly settings: RenderSettings };

/**
 * How the renderer starts; later changes go through setPerformanceMode / setReducedMotion. The
 * settings feature owns performance mode (its frame-rate probe switches it on) and passes it here.
 */
export type RendererOptions = {
  /** Performance mode from the player's settings; off when not given. */
  readonly performance?: boolean;
  /** Forces reduced motion on or off; otherwise prefers-reduced-motion decides and is followed live. */
  readonly reducedMotion?: boolean;
};

/** The session's renderer. */
export interface ArenaRenderer {
  /** The Application; scenes add their containers to app.stage and remove them when done. */
  readonly app: Application;
  readonly settings: RenderSettings;
  /** The host's size in CSS px (0 x 0 while detached). */
  readonly size: { readonly width: number; readonly height: number };
  /** The element the canvas is in, or null. */
  readonly host: HTMLElement | null;
  /**
   * Puts the canvas in `host` (a sized box; made position: relative if static, the canvas
   * sits absolutely inside it) and follows its size; answers the detach function. A second
   * host takes the canvas from the first.
   */
  attach(host: HTMLElement): () => void;
  /** Takes the canvas out and stops the ticker; the Application stays. */
  detach(): void;
  /**
   * Asks for frames: the ticker runs while any hold is taken and the canvas is attached, and
   * stops when the last is released (after one final render), so an idle scene costs nothing.
   * Answers the release function (safe to call twice).
   */
  animate(): () => void;
  /** Draws one frame now when nothing animates (after a static change: layout, a new strip). */
  requestRender(): void;
  /**
   * Hands the GPU the work queued so far (textures uploaded, an atlas drawn) without waiting for
   * it. WebGL keeps its commands until a frame needs them: work done ahead of a spin was otherwise
   * done in the spin's first frame, which waited some 200 ms for it at 6x CPU (issue 31).
   */
  flush(): void;
  setPerformanceMode(on: boolean): void;
  setReducedMotion(on: boolean | null): void;
  /** Caps the frames drawn per second (the player's FPS limit); 0 lifts the cap. */
  setMaxFps(fps: number): void;
  /** The cap now; 0 when there is none. */
  readonly maxFps: number;
  /** Whether something animates on the attached canvas: frames are being drawn. */
  readonly animating: boolean;
  /** Listens to resizes and settings changes; answers the unsubscribe function. */
  subscribe(listener: (event: RendererEvent) => void): () => void;
  /** Starts recording CPU time per frame (ticker start to end of render, ms); answers a function that stops and returns the samples. */
  recordFrameTimes(): () => number[];
}

let pending: Promise<ArenaRenderer> | null = null;
let current: ArenaRenderer | null = null;

function prefersReducedMotion(): MediaQueryList | null {
  return typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
}

async function createRenderer(options: RendererOptions): Promise<ArenaRenderer> {
  const motionQuery = prefersReducedMotion();
  let forcedMotion: boolean | null = options.reducedMotion ?? null;
  let settings: RenderSettings = { performance: options.performance ?? false, reducedMotion: forcedMotion ?? motionQuery?.matches ?? false };
  const policy = applicationPolicy(settings, globalThis.devicePixelRatio ?? 1);
  // WebGL or nothing. Without it PixiJS falls back to WebGPU, uneven on the machines this serves,
  // or to its 2D canvas renderer, which threw on our scenes' first frame ("reading
  // 'getManagedTexture'") and took the chicken page to the error screen. Unavailable instead: the
  // pages then show their HTML views and results without the animation (docs/decisions/0053).
  if (!isWebGLSupported()) throw new Error('WebGL is not available');
  const app = new Application();
  await app.init({ ...policy, width: 1, height: 1, autoStart: false, sharedTicker: false });
  // The canvas is decoration (aria-hidden below): nothing in a scene takes pointer input. PixiJS's
  // event system would listen to every pointer move on the document, send a synthetic one every
  // 10 ms from its own ticker (a frame loop of its own, even while no scene moves) and stop touch
  // scrolling over the canvas (touch-action: none). Detached from any element, it does none of
  // that (docs/decisions/0053).
  (app.renderer as { events?: { setTargetElement(element: HTMLElement | null): void } }).events?.setTargetElement(null);
  // PixiJS's scheduler (what runs its texture collection, every 30 s) listens to the system
  // ticker, which, once started, asks for every display frame for the life of the page: with a
  // game page seen once, a phone ran a main-thread frame 60 times a second with nothing to draw.
  // A timer serves the scheduler instead.
  Ticker.system.autoStart = false;
  Ticker.system.stop();
  setInterval(() => Ticker.system.update(), SCHEDULER_TICK_MS);
  // Out of the flow, so the canvas never props its host open: the host's own size drives it.
  app.canvas.style.display = 'block';
  app.canvas.style.position = 'absolute';
  app.canvas.style.left = '0';
  app.canvas.style.top = '0';
  // The canvas is decoration: the page carries the result in text for assistive technology.
  app.canvas.setAttribute('aria-hidden', 'true');

  const listeners = new Set<(event: RendererEvent) => void>();
  let host: HTMLElement | null = null;
  let observer: ResizeObserver | null = null;
  let size = { width: 0, height: 0 };
  let holds = 0;
  // The ticker runs only while something animates on an attached canvas.
  const wanted = () => host !== null && holds > 0;
  const sync = () => {
    if (wanted()) {
      if (!app.ticker.started) app.start();
      return;
    }
    if (app.ticker.started) app.stop();
    if (host !== null) app.render();
  };
  const emit = (event: RendererEvent) => {
    for (const listener of listeners) listener(event);
  };
  const setSettings = (next: RenderSettings) => {
    if (next.performance === settings.performance && next.reducedMotion === settings.reducedMotion) return;
    settings = next;
    app.renderer.resolution = resolutionFor(settings.performance, globalThis.devicePixelRatio ?? 1);
    emit({ type: 'settings', settings });
    if (holds === 0) sync();
  };
  motionQuery?.addEventListener('change', (event) => {
    if (forcedMotion === null) setSettings({ ...settings, reducedMotion: event.matches });
  });

  const resize = (width: number, height: number) => {
    const w = Math.max(1, Math.round(width));
    const h = Math.max(1, Math.round(height));
    if (w === size.width && h === size.height) return;
    size = { width: w, height: h };
    app.renderer.resize(w, h);
    emit({ type: 'resize', width: w, height: h });
    if (holds === 0) sync();
  };

  const renderer: ArenaRenderer = {
    app,
    get settings() {
      return settings;
    },
    get size() {
      return size;
    },
    get host() {
      return host;
    },
    attach(next) {
      if (host !== next) {
        renderer.detach();
        host = next;
        if (getComputedStyle(next).position === 'static') next.style.position = 'relative';
        next.append(app.canvas);
        observer = new ResizeObserver((entries) => {
          const box = entries.at(-1)?.contentRect;
          if (box) resize(box.width, box.height);
        });
        observer.observe(next);
        const rect = next.getBoundingClientRect();
        resize(rect.width, rect.height);
      }
      sync();
      return () => {
        if (host === next) renderer.detach();
      };
    },
    detach() {
      observer?.disconnect();
      observer = null;
      app.stop();
      app.canvas.remove();
      host = null;
    },
    animate() {
      holds += 1;
      sync();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        sync();
      };
    },
    requestRender() {
      if (holds === 0) sync();
    },
    flush() {
      if ('gl' in app.renderer) app.renderer.gl.flush();
    },
    setPerformanceMode(on) {
      setSettings({ ...settings, performance: on });
    },
    setReducedMotion(on) {
      forcedMotion = on;
      setSettings({ ...settings, reducedMotion: on ?? motionQuery?.matches ?? false });
    },
    setMaxFps(fps) {
      // The ticker skips its update (scenes and render) until 1/fps s has passed.
      app.ticker.maxFPS = fps > 0 ? fps : 0;
    },
    get maxFps() {
      return app.ticker.maxFPS;
    },
    get animating() {
      return wanted();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    recordFrameTimes() {
      const samples: number[] = [];
      let started = 0;
      // INTERACTION runs first in a tick, UTILITY after the Application's render (LOW).
      const begin = () => {
        started = performance.now();
      };
      const end = () => {
        if (started > 0) samples.push(performance.now() - started);
        started = 0;
      };
      app.ticker.add(begin, undefined, UPDATE_PRIORITY.INTERACTION);
      app.ticker.add(end, undefined, UPDATE_PRIORITY.UTILITY - 1);
      return () => {
        app.ticker.remove(begin);
        app.ticker.remove(end);
        return samples;
      };
    },
  };
  return renderer;
}

/** The session's renderer, created on first call (later options are ignored: use the setters). */
export function getRenderer(options: RendererOptions = {}): Promise<ArenaRenderer> {
  pending ??= createRenderer(options).then(
    (renderer) => {
      current = renderer;
      // Where the frame benchmark (bench/frames.ts) reads the ticker and its frame times.
      (globalThis as { arenaRenderer?: ArenaRenderer }).arenaRenderer = renderer;
      return renderer;
    },
    (error: unknown) => {
      // A failed start (no WebGL, say) may be retried later, e.g. after the GPU process restarts.
      pending = null;
      throw error;
    },
  );
  return pending;
}

/** The renderer if it has been created, without creating it. */
export function peekRenderer(): ArenaRenderer | null {
  return current;
}
