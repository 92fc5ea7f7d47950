// The case roulette in PixiJS: draws what roulette-plan.ts computes. It animates to the item
// the server already chose and recorded (docs/style.md item 7): `spin` takes the winner as input and
// nothing here picks one. The seeded source only orders the other cards.
//
// Built for the one long-lived Application (renderer.ts): a scene adds one container to the
// stage and removes it in destroy(); textures are packed into a runtime atlas (or taken from a
// prebuilt spritesheet) so the whole strip draws in one batch. Performance mode drops sparks,
// edge fades and glows; reduced motion shows the result at once.
import { Assets, Container, Graphics, GraphicsContext, Particle, ParticleContainer, Rectangle, RenderTexture, Sprite, Texture, UPDATE_PRIORITY, type Spritesheet, type Ticker } from 'pixi.js';
import { ITEM_RARITY_STYLE, toItemRarity, type Rgb } from '../core/rarity.ts';
import { seededRandom, seedFromText, type RandomSource } from '../core/seeded-random.ts';
import { atlasLayout } from './render-policy.ts';
import type { ArenaRenderer, RendererEvent } from './renderer.ts';
import { markerAt, phaseAt, planRoulette, ROULETTE, visibleRange, type RoulettePlan } from './roulette-plan.ts';

/** What a roulette card shows: the item's art (an SVG URL from the server) and its rarity. */
export type RouletteItem = {
  /** The item's hash: how the scene reports what it landed on. */
  readonly hash: string;
  /** Art URL (the server's /api/art/item/{key}.svg?v=N) or a data: URL. */
  readonly image: string;
  /** One of core's ITEM_RARITIES; anything else shows gray. */
  readonly rarity: string;
  readonly name?: string;
};

/** A spin to show: the server's winner, the case's items and how the server asked to show it. */
export type SpinRequest<T extends RouletteItem> = {
  readonly winner: T;
  readonly pool: readonly T[];
  /** Seeds the decoration; the drop's hash is a good seed (the same drop always looks the same). */
  readonly seed: string | number;
  /** arena-unbox.roll's roll.duration; 5000 (2000 with fast) when not given. */
  readonly durationMs?: number;
  readonly fast?: boolean;
  /** Lands on the winner at once, as with reduced motion (the Lightning+ setting's rolls). */
  readonly instant?: boolean;
};

/** What a spin ended on: read from where the strip really stopped, not from the plan. */
export type SpinResult<T extends RouletteItem> = { readonly item: T; readonly index: number; readonly skipped: boolean };

/** The scene's state, for the page and for tests (the e2e test reads it from window). */
export type RouletteState = {
  readonly phase: 'idle' | 'loading' | 'spinning' | 'settling' | 'settled';
  /** Card index and item hash under the centre marker now (null before the first spin). */
  readonly markerIndex: number | null;
  readonly markerHash: string | null;
  /** What the last finished spin landed on. */
  readonly landed: { readonly index: number; readonly hash: string } | null;
  /** Px between the centre of the card under the marker and the marker (0 when settled). */
  readonly offCentre: number | null;
  readonly stripX: number;
  readonly viewportWidth: number;
  readonly spins: number;
  readonly frames: number;
  readonly ticks: number;
  readonly particles: number;
  readonly visibleCards: number;
  /** Card views the scene holds: those a strip has shown so far, reused from spin to spin. */
  readonly cards: number;
  readonly plan: { readonly travel: number; readonly spinMs: number; readonly settleMs: number; readonly landingIndex: number; readonly length: number; readonly sparks: number } | null;
  /** The art: pictures ready, where they are packed, pictures that failed, and atlases packed so far. */
  readonly art: { readonly textures: number; readonly atlas: 'runtime' | 'prebuilt' | 'none'; readonly failed: number; readonly packed: number };
};

/** How a scene is set up. */
export type RouletteSceneOptions = {
  /** Card scale (rouletteScale(window.innerWidth) is the usual choice); 1 when not given. */
  readonly scale?: number;
  /** A prebuilt spritesheet (JSON URL) whose frames are named by item hash; missing frames load from the item's image. */
  readonly atlasUrl?: string;
  /** A card edge passed the marker: play a tick. Called at most once per frame. */
  readonly onTick?: (index: number) => void;
  /** The spin stopped on the server's item: play the rarity's reveal sound, open the reward modal. */
  readonly onSettled?: (result: SpinResult<RouletteItem>, plan: RoulettePlan<RouletteItem>) => void;
};

const CARD_COLOR = 0x1a1e28;
/** The band behind the strip: the host's background under the transparent canvas (see #layout). */
const BAND_CSS = 'rgb(15 18 24 / 0.92)';
const MARKER_COLOR = 0xe5bf26;
const DIM_ALPHA = 0.35;

function rgbNumber([r, g, b]: Rgb): number {
  return (r << 16) | (g << 8) | b;
}

function rarityColor(rarity: string): number {
  return rgbNumber(ITEM_RARITY_STYLE[toItemRarity(rarity)].rgb);
}

// A ramp from one colour to another along a one-pixel strip (vertical when `height` > 1).
function rampTexture(width: number, height: number, from: string, to: string): Texture {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  const gradient = context.createLinearGradient(0, 0, height > 1 ? 0 : width, height > 1 ? height : 0);
  gradient.addColorStop(0, from);
  gradient.addColorStop(1, to);
  context.fillStyle = gradient;
  context.fillRect(0, 0, width, height);
  return Texture.from(canvas);
}

// A white vertical ramp, tinted by rarity for each card's glow: one texture for every colour.
const glowTexture = () => rampTexture(1, 64, 'rgba(255,255,255,0)', 'rgba(255,255,255,0.55)');

// A horizontal ramp from the band's colour to transparent, for the strip's edge fades.
const fadeTexture = () => rampTexture(64, 1, 'rgba(15,18,24,1)', 'rgba(15,18,24,0)');

/** The objects that draw one card; bound to whichever index of the strip is in view (-1: none). */
type Card = { readonly view: Container; readonly art: Sprite; readonly glow: Sprite; readonly bar: Sprite; index: number };

/** Item art kept for the session across scenes (pages come back to the same cases); oldest first out. */
const ART_CACHE_LIMIT = 160;
const artCache = new Map<string, Texture>();

function cachedArt(url: string): Texture | undefined {
  const texture = artCache.get(url);
  if (texture === undefined || texture.destroyed) return undefined;
  artCache.delete(url);
  artCache.set(url, texture);
  return texture;
}

function rememberArt(url: string, texture: Texture): void {
  artCache.delete(url);
  artCache.set(url, texture);
  for (const oldest of artCache.keys()) {
    if (artCache.size <= ART_CACHE_LIMIT) break;
    artCache.delete(oldest);
    void Assets.unload(oldest).catch(() => undefined);
  }
}

type Spark = { particle: Particle; vx: number; vy: number; age: number; life: number };

type ActiveSpin<T extends RouletteItem> = {
  plan: RoulettePlan<T>;
  /** Keeps the ticker running while the spin animates. */
  release: () => void;
  started: number;
  lastIndex: number;
  resolve: (result: SpinResult<T>) => void;
  skipped: boolean;
};

/** The case roulette scene. Create it with {@link RouletteScene.create}; one per page, destroyed when the page leaves. */
export class RouletteScene {
  readonly container = new Container({ label: 'roulette' });
  readonly #renderer: ArenaRenderer;
  readonly #options: RouletteSceneOptions;
  readonly #scale: number;
  // The host whose background is the band, while the scene draws there.
  #bandHost: HTMLElement | null = null;
  readonly #strip = new Container({ label: 'strip' });
  readonly #fades = new Container({ label: 'fades' });
  readonly #marker = new Graphics();
  readonly #cardShape: GraphicsContext;
  readonly #glowTexture: Texture;
  readonly #fadeTexture: Texture;
  readonly #art = new Map<string, Texture>();
  #sources = new Map<string, Texture>();
  #atlas: RenderTexture | null = null;
  #atlasKind: RouletteState['art']['atlas'] = 'none';
  #failedArt = 0;
  #packed = 0;
  #prebuilt: Spritesheet | null = null;
  #cards: Card[] = [];
  #stripItems: readonly RouletteItem[] = [];
  #plan: RoulettePlan<RouletteItem> | null = null;
  // The index the last spin landed on, once it has: every other card is dimmed.
  #dimmedBut: number | null = null;
  #active: ActiveSpin<RouletteItem> | null = null;
  #markerCoord = 0;
  #phase: RouletteState['phase'] = 'idle';
  #landed: RouletteState['landed'] = null;
  #spins = 0;
  #frames = 0;
  #ticks = 0;
  #sparks: { container: ParticleContainer; sparks: Spark[]; texture: Texture; timer: ReturnType<typeof setTimeout>; release: () => void } | null = null;
  #unsubscribe: () => void;
  #destroyed = false;
  readonly #update = (ticker: Ticker) => this.#frame(ticker);

  private constructor(renderer: ArenaRenderer, options: RouletteSceneOptions) {
    this.#renderer = renderer;
    this.#options = options;
    this.#scale = options.scale ?? 1;
    const w = ROULETTE.itemWidth * this.#scale;
    const h = ROULETTE.itemHeight * this.#scale;
    const gap = 3 * this.#scale;
    this.#cardShape = new GraphicsContext().roundRect(gap, 0, w - 2 * gap, h, 6 * this.#scale).fill(CARD_COLOR);
    this.#glowTexture = glowTexture();
    this.#fadeTexture = fadeTexture();
    this.container.addChild(this.#strip, this.#fades, this.#marker);
    this.#unsubscribe = renderer.subscribe((event) => this.#onRendererEvent(event));
    renderer.app.stage.addChild(this.container);
    renderer.app.ticker.add(this.#update, undefined, UPDATE_PRIORITY.NORMAL);
    this.#layout();
  }

  /** A scene on the session's renderer; a prebuilt atlas is loaded first when given. */
  static async create(renderer: ArenaRenderer, options: RouletteSceneOptions = {}): Promise<RouletteScene> {
    const scene = new RouletteScene(renderer, options);
    if (options.atlasUrl) {
      try {
        scene.#prebuilt = await Assets.load<Spritesheet>(options.atlasUrl);
      } catch {
        scene.#prebuilt = null;
      }
    }
    return scene;
  }

  /** The scene's state now. */
  get state(): RouletteState {
    const plan = this.#plan;
    const w = ROULETTE.itemWidth * this.#scale;
    const index = plan ? Math.floor(this.#markerCoord / w) : null;
    const item = index === null ? undefined : this.#stripItems[index];
    const range = plan ? visibleRange(plan, this.#strip.x, this.#renderer.size.width) : null;
    return {
      phase: this.#phase,
      markerIndex: item ? index : null,
      markerHash: item?.hash ?? null,
      landed: this.#landed,
      offCentre: plan && index !== null ? this.#markerCoord - (index + 0.5) * w : null,
      stripX: this.#strip.x,
      viewportWidth: this.#renderer.size.width,
      spins: this.#spins,
      frames: this.#frames,
      ticks: this.#ticks,
      particles: this.#sparks?.sparks.length ?? 0,
      visibleCards: range ? Math.max(0, range.last - range.first + 1) : 0,
      cards: this.#cards.length,
      plan: plan && { travel: plan.travel, spinMs: plan.spinMs, settleMs: plan.settleMs, landingIndex: plan.landingIndex, length: plan.strip.length, sparks: plan.sparks },
      art: { textures: this.#art.size, atlas: this.#atlasKind, failed: this.#failedArt, packed: this.#packed },
    };
  }

  /**
   * Spins to the server's winner and resolves when the strip has settled on it. A spin asked
   * for while another runs finishes the running one at once first.
   */
  async spin<T extends RouletteItem>(request: SpinRequest<T>): Promise<SpinResult<T>> {
    if (this.#destroyed) throw new Error('the roulette scene was destroyed');
    this.skip();
    this.#phase = 'loading';
    await this.#loadArt([request.winner, ...request.pool]);
    if (this.#destroyed) throw new Error('the roulette scene was destroyed');
    const { settings, size } = this.#renderer;
    const random: RandomSource = seededRandom(typeof request.seed === 'number' ? request.seed : seedFromText(request.seed));
    const plan = planRoulette<T>({
      winner: request.winner,
      pool: request.pool,
      viewportWidth: Math.max(1, size.width),
      scale: this.#scale,
      random,
      ...(request.durationMs === undefined ? {} : { durationMs: request.durationMs }),
      fast: request.fast ?? false,
      reducedMotion: settings.reducedMotion || (request.instant ?? false),
      performance: settings.performance,
    });
    this.#startStrip(plan);
    this.#spins += 1;
    this.#landed = null;
    return new Promise<SpinResult<T>>((resolve) => {
      const active: ActiveSpin<T> = { plan, release: this.#renderer.animate(), started: performance.now(), lastIndex: plan.startIndex, resolve, skipped: false };
      this.#active = active as unknown as ActiveSpin<RouletteItem>;
      this.#phase = plan.totalMs > 0 ? 'spinning' : 'settled';
      this.#place(markerAt(plan, 0));
      // Reduced motion: nothing to animate, so the result does not wait for a frame.
      if (plan.totalMs === 0) this.#settle();
    });
  }

  /**
   * Loads and packs the art of the items a spin will show, ahead of it. Left to the first spin,
   * rasterising the pictures and drawing the atlas made its first frame a task of some 300 ms on a
   * slow phone (issue 31), right after the player's press; a spin of the same items finds it ready.
   */
  async prepare(items: readonly RouletteItem[]): Promise<void> {
    if (this.#destroyed || items.length === 0) return;
    await this.#loadArt(items);
  }

  /** Jumps the running spin to its end (the player pressed skip, or another spin starts). */
  skip(): void {
    const active = this.#active;
    if (active === null) return;
    active.skipped = true;
    this.#settle();
  }

  /** Removes the scene from the stage and frees its textures; the renderer and its Application stay. */
  destroy(): void {
    if (this.#destroyed) return;
    this.skip();
    this.#destroyed = true;
    this.#clearSparks();
    this.#unsubscribe();
    this.#renderer.app.ticker.remove(this.#update);
    this.#paintBand(null, 0);
    this.container.removeFromParent();
    this.container.destroy({ children: true });
    this.#cardShape.destroy();
    this.#glowTexture.destroy(true);
    this.#fadeTexture.destroy(true);
    this.#atlas?.destroy(true);
    // The art itself stays in the session's cache for the next page's scene.
    this.#sources.clear();
    this.#art.clear();
    this.#renderer.requestRender();
  }

  // --- Art ---------------------------------------------------------------------------------

  #artBox(): { width: number; height: number } {
    const s = this.#scale;
    return { width: Math.round((ROULETTE.itemWidth - 34) * s), height: Math.round((ROULETTE.itemHeight - 30) * s) };
  }

  // Art loads one after another: a spin that starts while `prepare` still loads waits for it, and
  // then finds its art there, rather than packing a second atlas of the same pictures.
  #artLoads: Promise<void> = Promise.resolve();

  #loadArt(items: readonly RouletteItem[]): Promise<void> {
    const load = this.#artLoads.then(() => (this.#destroyed ? undefined : this.#loadArtNow(items)));
    this.#artLoads = load.catch(() => undefined);
    return load;
  }

  // The art of the strip about to spin: prebuilt frames where the atlas has them, else the
  // session's cache, else loaded now; then one runtime atlas of exactly these.
  async #loadArtNow(items: readonly RouletteItem[]): Promise<void> {
    const urls = [...new Set(items.map((item) => item.image))];
    if (urls.length === this.#art.size && urls.every((url) => this.#art.has(url))) return;
    const resolution = this.#renderer.app.renderer.resolution;
    const box = this.#artBox();
    const prebuilt = new Map<string, Texture>();
    const sources = new Map<string, Texture>();
    await Promise.all(
      urls.map(async (url) => {
        const item = items.find((entry) => entry.image === url);
        const frame = item && this.#prebuilt?.textures[item.hash];
        if (frame) {
          prebuilt.set(url, frame);
          return;
        }
        const cached = cachedArt(url);
        if (cached) {
          sources.set(url, cached);
          return;
        }
        try {
          // Rasterised at the size it is drawn, times the resolution, so the atlas is sharp.
          const texture = await Assets.load<Texture>({ src: url, parser: 'svg', data: { resolution: (resolution * box.width) / 256 } });
          rememberArt(url, texture);
          sources.set(url, texture);
        } catch {
          this.#failedArt += 1;
        }
      }),
    );
    this.#atlasKind = prebuilt.size > 0 ? 'prebuilt' : 'none';
    this.#art.clear();
    for (const [url, frame] of prebuilt) this.#art.set(url, frame);
    this.#sources = sources;
    this.#buildAtlas();
  }

  // Draws every loaded source into one texture; cards then share one base texture and batch.
  #buildAtlas(): void {
    const urls = [...this.#sources.keys()].filter((url) => !this.#sources.get(url)!.destroyed);
    const box = this.#artBox();
    const layout = atlasLayout(urls.length, box.width, box.height, 4096 / this.#renderer.app.renderer.resolution);
    if (layout === null) {
      for (const [url, texture] of this.#sources) this.#art.set(url, texture);
      return;
    }
    const stage = new Container();
    for (const [i, url] of urls.entries()) {
      const source = this.#sources.get(url)!;
      const sprite = new Sprite(source);
      const fit = Math.min(box.width / source.width, box.height / source.height);
      sprite.scale.set(fit);
      sprite.position.set(layout.cells[i]!.x + (box.width - source.width * fit) / 2, layout.cells[i]!.y + (box.height - source.height * fit) / 2);
      stage.addChild(sprite);
    }
    const atlas = RenderTexture.create({ width: layout.width, height: layout.height, resolution: this.#renderer.app.renderer.resolution, antialias: false });
    this.#renderer.app.renderer.render({ container: stage, target: atlas, clear: true });
    this.#renderer.flush();
    this.#packed += 1;
    stage.destroy({ children: true });
    const previous = this.#atlas;
    this.#atlas = atlas;
    if (this.#atlasKind === 'none') this.#atlasKind = 'runtime';
    for (const [i, url] of urls.entries()) {
      const { x, y } = layout.cells[i]!;
      this.#art.set(url, new Texture({ source: atlas.source, frame: new Rectangle(x, y, box.width, box.height) }));
    }
    for (const card of this.#cards) if (card.index >= 0) this.#bind(card, card.index);
    previous?.destroy(true);
  }

  // --- Drawing -----------------------------------------------------------------------------

  // A new strip: the cards of the last one are unbound, to be bound to this one's indices as
  // they scroll into view (#place). A strip is some thirty cards, five PixiJS objects each; made
  // anew for every spin and destroyed after it, they were most of a 75 ms task at the spin's
  // start on a phone slowed 5x, right where the player's taps land (issue 31).
  #startStrip(plan: RoulettePlan<RouletteItem>): void {
    for (const card of this.#cards) this.#park(card);
    this.#stripItems = plan.strip;
    this.#plan = plan;
    this.#dimmedBut = null;
  }

  #newCard(): Card {
    const s = this.#scale;
    const w = ROULETTE.itemWidth * s;
    const h = ROULETTE.itemHeight * s;
    const box = this.#artBox();
    const view = new Container();
    const glow = new Sprite({ texture: this.#glowTexture, x: 3 * s, y: h * 0.35, width: w - 6 * s, height: h * 0.65, visible: !this.#renderer.settings.performance });
    const art = new Sprite({ texture: Texture.EMPTY, x: (w - box.width) / 2, y: 10 * s });
    const bar = new Sprite({ texture: Texture.WHITE, x: 3 * s, y: h - 4 * s, width: w - 6 * s, height: 4 * s });
    view.addChild(new Graphics(this.#cardShape), glow, art, bar);
    this.#strip.addChild(view);
    const card = { view, art, glow, bar, index: -1 };
    this.#park(card);
    return card;
  }

  // Unbinds `card` and puts it two cards left of the strip's first: off the canvas at every point
  // of a spin, which only ever moves the strip left, and still drawn (hiding it would make PixiJS
  // rebuild the scene's draw list).
  #park(card: Card): void {
    card.index = -1;
    card.view.x = -2 * ROULETTE.itemWidth * this.#scale;
  }

  // Draws strip index `index` with `card`: its place, art, rarity colours and dimming.
  #bind(card: Card, index: number): void {
    const item = this.#stripItems[index]!;
    const colour = rarityColor(item.rarity);
    const box = this.#artBox();
    card.index = index;
    card.view.x = index * ROULETTE.itemWidth * this.#scale;
    card.glow.tint = colour;
    card.bar.tint = colour;
    card.art.texture = this.#art.get(item.image) ?? Texture.EMPTY;
    card.art.width = box.width;
    card.art.height = box.height;
    card.view.alpha = this.#alphaOf(index);
  }

  // Once a spin has landed, every card but the landed one is dimmed.
  #alphaOf(index: number): number {
    return this.#dimmedBut === null || this.#dimmedBut === index ? 1 : DIM_ALPHA;
  }

  #layout(): void {
    const { width, height } = this.#renderer.size;
    const h = ROULETTE.itemHeight * this.#scale;
    const pad = 10 * this.#scale;
    const top = Math.round((height - h) / 2);
    this.#strip.y = top;
    // The band is the host's background, centred as the strip is: it does not move, and drawn in
    // the canvas it filled most of it again every frame, where a phone's GPU (or a software one)
    // is bound by the pixels it fills (docs/decisions/0053).
    this.#paintBand(this.#renderer.host, h + 2 * pad);
    const effects = !this.#renderer.settings.performance;
    this.#fades.removeChildren().forEach((child) => child.destroy());
    if (effects) {
      const fadeWidth = Math.min(width * 0.18, 260 * this.#scale);
      const left = new Sprite({ texture: this.#fadeTexture, x: 0, y: top - pad, width: fadeWidth, height: h + 2 * pad });
      const right = new Sprite({ texture: this.#fadeTexture, x: width, y: top - pad, width: fadeWidth, height: h + 2 * pad });
      right.scale.x *= -1;
      this.#fades.addChild(left, right);
    }
    const cx = Math.round(width / 2);
    const t = 9 * this.#scale;
    this.#marker
      .clear()
      .rect(cx - this.#scale, top - pad, 2 * this.#scale, h + 2 * pad)
      .fill(MARKER_COLOR)
      .poly([cx - t, top - pad - 2, cx + t, top - pad - 2, cx, top - pad + t])
      .fill(MARKER_COLOR)
      .poly([cx - t, top + h + pad + 2, cx + t, top + h + pad + 2, cx, top + h + pad - t])
      .fill(MARKER_COLOR);
    this.#place(this.#markerCoord);
  }

  #paintBand(host: HTMLElement | null, height: number): void {
    if (this.#bandHost && this.#bandHost !== host) this.#bandHost.style.removeProperty('background');
    this.#bandHost = host;
    host?.style.setProperty('background', `linear-gradient(${BAND_CSS}, ${BAND_CSS}) center / 100% ${height}px no-repeat`);
  }

  #onRendererEvent(event: RendererEvent): void {
    if (this.#destroyed) return;
    if (event.type === 'resize' || event.type === 'settings') this.#layout();
    if (event.type === 'settings') {
      const effects = !event.settings.performance;
      for (const card of this.#cards) card.glow.visible = effects;
      if (!effects) this.#clearSparks();
    }
    // The renderer draws after its listeners have run, so no render is asked for here.
  }

  // Puts strip coordinate `marker` under the centre marker and draws only the cards in view.
  #place(marker: number): void {
    this.#markerCoord = marker;
    const width = this.#renderer.size.width;
    this.#strip.x = width / 2 - marker;
    const plan = this.#plan;
    if (!plan) return;
    // The cards in view are bound to their indices; one that has scrolled out stays where its index
    // is, off the canvas, until it is bound again.
    const { first, last } = visibleRange(plan, this.#strip.x, width);
    const free = this.#cards.filter((card) => card.index < first || card.index > last);
    for (let index = first; index <= last; index++) {
      if (this.#cards.some((card) => card.index === index)) continue;
      let card = free.pop();
      if (!card) {
        card = this.#newCard();
        this.#cards.push(card);
      }
      this.#bind(card, index);
    }
  }

  #frame(ticker: Ticker): void {
    this.#animateSparks(ticker.deltaMS);
    const active = this.#active;
    if (active === null) return;
    this.#frames += 1;
    const t = performance.now() - active.started;
    if (t >= active.plan.totalMs) {
      this.#settle();
      return;
    }
    this.#phase = phaseAt(active.plan, t) === 'spinning' ? 'spinning' : 'settling';
    this.#place(markerAt(active.plan, t));
    const index = Math.floor(this.#markerCoord / active.plan.itemWidth);
    if (index !== active.lastIndex) {
      this.#ticks += Math.abs(index - active.lastIndex);
      active.lastIndex = index;
      this.#options.onTick?.(index);
    }
  }

  #settle(): void {
    const active = this.#active;
    if (active === null) return;
    this.#active = null;
    const { plan } = active;
    this.#place(markerAt(plan, plan.totalMs));
    this.#phase = 'settled';
    // What the strip shows under the marker, read back from the drawing's position.
    const index = Math.floor(this.#markerCoord / plan.itemWidth);
    const item = plan.strip[index] ?? plan.strip[plan.landingIndex]!;
    this.#landed = { index, hash: item.hash };
    this.#dimmedBut = index;
    for (const card of this.#cards) if (card.index >= 0) card.view.alpha = this.#alphaOf(card.index);
    if (!active.skipped && plan.sparks > 0 && !this.#renderer.settings.performance && !this.#renderer.settings.reducedMotion) this.#emitSparks(plan, item);
    const result: SpinResult<RouletteItem> = { item, index, skipped: active.skipped };
    // Released last: with nothing else animating, the renderer draws this final frame and stops.
    active.release();
    this.#options.onSettled?.(result, plan);
    active.resolve(result);
  }

  // --- Sparks ------------------------------------------------------------------------------

  #emitSparks(plan: RoulettePlan<RouletteItem>, item: RouletteItem): void {
    this.#clearSparks();
    const s = this.#scale;
    const texture = this.#renderer.app.renderer.generateTexture(new Graphics().circle(4, 4, 4).fill(0xffffff));
    const container = new ParticleContainer({ dynamicProperties: { position: true, color: true, vertex: false, rotation: false, uvs: false } });
    const random = seededRandom(seedFromText(`${item.hash}:sparks`));
    const colour = rarityColor(item.rarity);
    const cx = this.#renderer.size.width / 2;
    const cy = this.#strip.y + plan.itemHeight / 2;
    const sparks: Spark[] = [];
    for (let i = 0; i < plan.sparks; i++) {
      const angle = random() * Math.PI * 2;
      const speed = (0.15 + random() * 0.3) * s;
      const size = (0.6 + random() * 0.7) * s;
      const particle = new Particle({ texture, x: cx, y: cy, scaleX: size, scaleY: size, tint: random() < 0.3 ? 0xffffff : colour, alpha: 1 });
      container.addParticle(particle);
      sparks.push({ particle, vx: Math.cos(angle) * speed, vy: Math.sin(angle) * speed - 0.12 * s, age: 0, life: 900 + random() * 800 });
    }
    this.container.addChild(container);
    // The spec's particle cleaner: whatever is left goes after 10 s, even if no frame ran.
    const timer = setTimeout(() => this.#clearSparks(), ROULETTE.particleCleanerMs);
    this.#sparks = { container, sparks, texture, timer, release: this.#renderer.animate() };
  }

  #animateSparks(deltaMs: number): void {
    const state = this.#sparks;
    if (state === null) return;
    const gravity = 0.0006 * this.#scale;
    const alive: Spark[] = [];
    for (const spark of state.sparks) {
      spark.age += deltaMs;
      if (spark.age >= spark.life) continue;
      spark.vy += gravity * deltaMs;
      spark.particle.x += spark.vx * deltaMs;
      spark.particle.y += spark.vy * deltaMs;
      spark.particle.alpha = 1 - spark.age / spark.life;
      alive.push(spark);
    }
    if (alive.length === 0) {
      this.#clearSparks();
      return;
    }
    if (alive.length !== state.sparks.length) {
      state.container.particleChildren = alive.map((spark) => spark.particle);
      state.container.update();
      state.sparks = alive;
    }
  }

  #clearSparks(): void {
    const state = this.#sparks;
    if (state === null) return;
    this.#sparks = null;
    clearTimeout(state.timer);
    state.container.removeFromParent();
    state.container.destroy();
    state.texture.destroy(true);
    state.release();
  }
}
