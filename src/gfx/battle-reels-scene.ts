// A battle round's reels in PixiJS: ONE scene (one container, one ticker callback) holds a
// vertical reel per seat, side by side, and spins them together to the drops the server
// decided when the round started (docs/style.md item 7: the winners are inputs). Each reel's motion
// is a roulette-plan.ts plan laid along the y axis, so the reels keep the case roulette's
// numbers (travel, ease, settle) and land exactly centred. Lives on the session's renderer
// (renderer.ts); load lazily. Performance mode drops the glows; reduced motion shows the drops
// at once. The canvas is transparent: the columns behind the reels are the page's.
import { Assets, Container, Graphics, GraphicsContext, Sprite, Texture, UPDATE_PRIORITY, type Ticker } from 'pixi.js';
import { ITEM_RARITY_STYLE, toItemRarity } from '../core/rarity.ts';
import { seededRandom, seedFromText } from '../core/seeded-random.ts';
import type { ArenaRenderer, RendererEvent } from './renderer.ts';
import { markerAt, planRoulette, ROULETTE, visibleRange, type RoulettePlan } from './roulette-plan.ts';
import type { RouletteItem } from './roulette-scene.ts';

/** One seat's reel in a round: the server's drop and the case's items around it. */
export type ReelRequest = { readonly winner: RouletteItem; readonly pool: readonly RouletteItem[]; readonly seed: string };

/** A round to spin: every seat's reel, how long the server gives the spin, and fast mode. */
export type ReelsSpin = { readonly reels: readonly ReelRequest[]; readonly durationMs: number; readonly fast: boolean };

/** The scene's state, for the page and tests. */
export type ReelsState = { readonly phase: 'idle' | 'spinning' | 'settled'; readonly spins: number; readonly reels: number; readonly landed: readonly (string | null)[] };

const CARD_COLOR = 0x1a1e28;
const MARKER_COLOR = 0xe5bf26;
const DIM_ALPHA = 0.35;
/** Space between reels, px: the gap of the page's columns under the canvas (.reel-columns in battles.css). */
const GAP = 8;

function rarityColor(rarity: string): number {
  const [r, g, b] = ITEM_RARITY_STYLE[toItemRarity(rarity)].rgb;
  return (r << 16) | (g << 8) | b;
}

type Reel = { strip: Container; plan: RoulettePlan<RouletteItem>; cards: Container[] };

/** The battle reels scene; create with {@link BattleReelsScene.create}, one per battle page. */
export class BattleReelsScene {
  readonly container = new Container({ label: 'battle-reels' });
  readonly #renderer: ArenaRenderer;
  readonly #reelsLayer = new Container({ label: 'reels' });
  readonly #marker = new Graphics();
  #reels: Reel[] = [];
  // The round's card shapes, one per reel size and colour, shared by every card that has it.
  #shapes: GraphicsContext[] = [];
  #columns = 1;
  #active: { started: number; release: () => void; resolve: () => void } | null = null;
  #phase: ReelsState['phase'] = 'idle';
  #spins = 0;
  #landed: (string | null)[] = [];
  #destroyed = false;
  #unsubscribe: () => void;
  readonly #update = (_ticker: Ticker) => this.#frame();

  private constructor(renderer: ArenaRenderer) {
    this.#renderer = renderer;
    // No mask: a card stays inside its column, and the canvas's own edges cut the strips at the
    // top and bottom. A stencil mask over the reels cost each frame a pass of its own.
    // No columns either: the page draws them under the transparent canvas (.reel-columns). Drawn
    // here they filled the whole canvas again every frame, and a phone's GPU (or a software one)
    // is bound by the pixels it fills: 39 ms of a frame's 50 at 6x became 24 (docs/decisions/0053).
    this.container.addChild(this.#reelsLayer, this.#marker);
    this.#unsubscribe = renderer.subscribe((event) => this.#onRendererEvent(event));
    renderer.app.stage.addChild(this.container);
    renderer.app.ticker.add(this.#update, undefined, UPDATE_PRIORITY.NORMAL);
  }

  /** A scene on the session's renderer. */
  static async create(renderer: ArenaRenderer): Promise<BattleReelsScene> {
    return new BattleReelsScene(renderer);
  }

  get state(): ReelsState {
    return { phase: this.#phase, spins: this.#spins, reels: this.#reels.length, landed: [...this.#landed] };
  }

  /** Sets how many reels the scene shows (the seats) and draws empty ones. */
  setColumns(columns: number): void {
    this.#columns = Math.max(1, columns);
    this.#layout();
    this.#renderer.requestRender();
  }

  /** Spins every seat's reel to its drop; resolves once all have settled. A running spin ends at once first. */
  async spin(request: ReelsSpin): Promise<void> {
    if (this.#destroyed) return;
    this.skip();
    this.#columns = request.reels.length;
    await Promise.all(request.reels.flatMap((reel) => [reel.winner, ...reel.pool]).map((item) => this.#art(item.image)));
    if (this.#destroyed) return;
    const { settings } = this.#renderer;
    const { width, height } = this.#geometry();
    const scale = this.#scale(width);
    this.#layout();
    this.#clearReels();
    this.#reels = request.reels.map((reel, column) => {
      const plan = planRoulette({
        winner: reel.winner,
        pool: reel.pool,
        viewportWidth: Math.max(1, height),
        scale,
        random: seededRandom(seedFromText(reel.seed)),
        durationMs: request.durationMs,
        fast: request.fast,
        reducedMotion: settings.reducedMotion,
        performance: settings.performance,
      });
      return this.#buildReel(plan, column);
    });
    this.#landed = request.reels.map(() => null);
    this.#spins += 1;
    this.#phase = 'spinning';
    await new Promise<void>((resolve) => {
      this.#active = { started: performance.now(), release: this.#renderer.animate(), resolve };
      this.#place(0);
      if (this.#reels.every((reel) => reel.plan.totalMs === 0)) this.#settle();
    });
  }

  /**
   * Loads the art of the items a round may show and hands it to the GPU ahead of the round. Left
   * to the spin, fetching, drawing and uploading the art took the round's first frames on a
   * slow phone (a task of 80-150 ms at 6x CPU, issue 31); cached, a spin finds it ready.
   */
  async preload(images: readonly string[]): Promise<void> {
    const textures = await Promise.all([...new Set(images)].map((url) => this.#art(url)));
    if (this.#destroyed) return;
    for (const texture of textures) if (texture !== Texture.EMPTY) this.#renderer.app.renderer.texture.initSource(texture.source);
  }

  /** Ends the running spin at once (the page is behind, or another round starts). */
  skip(): void {
    if (this.#active) this.#settle();
  }

  destroy(): void {
    if (this.#destroyed) return;
    this.skip();
    this.#destroyed = true;
    this.#unsubscribe();
    this.#renderer.app.ticker.remove(this.#update);
    this.#clearReels();
    this.container.removeFromParent();
    this.container.destroy({ children: true });
    this.#renderer.requestRender();
  }

  // The art of an item, loaded once per session by PixiJS's asset cache; a failed load draws no art.
  async #art(url: string): Promise<Texture> {
    try {
      return await Assets.load<Texture>({ src: url, parser: 'svg', data: { resolution: this.#renderer.app.renderer.resolution } });
    } catch {
      return Texture.EMPTY;
    }
  }

  #geometry(): { width: number; height: number; column: number } {
    const { width, height } = this.#renderer.size;
    return { width, height, column: (width - GAP * (this.#columns - 1)) / this.#columns };
  }

  // Cards fit their column and about two and a half of them the reel's height.
  #scale(width: number): number {
    const column = (width - GAP * (this.#columns - 1)) / this.#columns;
    const { height } = this.#renderer.size;
    return Math.max(0.3, Math.min(1, (column - 8) / ROULETTE.itemWidth, height / (ROULETTE.itemWidth * 2.2)));
  }

  #clearReels(): void {
    this.#reelsLayer.removeChildren().forEach((child) => child.destroy({ children: true }));
    for (const shape of this.#shapes) shape.destroy();
    this.#shapes = [];
  }

  #buildReel(plan: RoulettePlan<RouletteItem>, column: number): Reel {
    const { column: columnWidth } = this.#geometry();
    const pitch = plan.itemWidth;
    const cardWidth = Math.min(columnWidth - 8, ROULETTE.itemWidth * plan.scale * 1.15);
    const effects = !this.#renderer.settings.performance;
    const strip = new Container({ x: column * (columnWidth + GAP) + (columnWidth - cardWidth) / 2 });
    // A strip's sixty cards share their shapes: each shape is laid out into triangles once, not
    // once per card as it scrolls into view (a frame's work on a slow phone).
    const shapes = new Map<number, GraphicsContext>();
    const shape = (color: number) => {
      let context = shapes.get(color);
      if (!context) {
        context = new GraphicsContext().roundRect(0, 3, cardWidth, pitch - 6, 8 * plan.scale).fill(color);
        shapes.set(color, context);
        this.#shapes.push(context);
      }
      return context;
    };
    const cards = plan.strip.map((item, i) => {
      const view = new Container({ y: i * pitch });
      view.addChild(new Graphics(shape(CARD_COLOR)));
      if (effects) {
        const glow = new Graphics(shape(rarityColor(item.rarity)));
        glow.alpha = 0.12;
        view.addChild(glow);
      }
      const cached = Assets.get<Texture>(item.image);
      const art = new Sprite(cached ?? Texture.EMPTY);
      const box = Math.min(cardWidth - 16, pitch - 26);
      const fit = art.texture.width > 0 ? Math.min(box / art.texture.width, box / art.texture.height) : 1;
      art.scale.set(fit);
      art.position.set((cardWidth - art.texture.width * fit) / 2, (pitch - art.texture.height * fit) / 2 - 4);
      const bar = new Sprite({ texture: Texture.WHITE, x: 6, y: pitch - 9, width: cardWidth - 12, height: 3, tint: rarityColor(item.rarity) });
      view.addChild(art, bar);
      strip.addChild(view);
      return view;
    });
    this.#reelsLayer.addChild(strip);
    return { strip, plan, cards };
  }

  #layout(): void {
    const { width, height, column } = this.#geometry();
    const y = Math.round(height / 2);
    this.#marker.clear();
    for (let i = 0; i < this.#columns; i++) {
      const x = i * (column + GAP);
      this.#marker.poly([x, y - 8, x + 10, y, x, y + 8]).fill(MARKER_COLOR);
      this.#marker.poly([x + column, y - 8, x + column - 10, y, x + column, y + 8]).fill(MARKER_COLOR);
    }
    if (this.#reels.length > 0 && this.#reels.length === this.#columns && width > 0) this.#place(this.#active ? performance.now() - this.#active.started : Number.POSITIVE_INFINITY);
  }

  #onRendererEvent(event: RendererEvent): void {
    if (this.#destroyed) return;
    if (event.type === 'resize') this.#layout();
  }

  // Puts every reel where its plan is `t` ms in (Infinity: the end) and shows only the cards in
  // its band, as the case roulette does: a strip holds some sixty cards of four objects each,
  // and moving and drawing all of them every frame cost a phone most of its frame
  // (docs/decisions/0053).
  #place(t: number): void {
    const { height } = this.#renderer.size;
    for (const reel of this.#reels) {
      const marker = markerAt(reel.plan, Math.min(t, reel.plan.totalMs));
      reel.strip.y = height / 2 - marker;
      const { first, last } = visibleRange(reel.plan, reel.strip.y, height);
      for (const [i, card] of reel.cards.entries()) card.visible = i >= first && i <= last;
    }
  }

  #frame(): void {
    const active = this.#active;
    if (active === null) return;
    const t = performance.now() - active.started;
    if (this.#reels.every((reel) => t >= reel.plan.totalMs)) {
      this.#settle();
      return;
    }
    this.#place(t);
  }

  #settle(): void {
    const active = this.#active;
    if (active === null) return;
    this.#active = null;
    this.#place(Number.POSITIVE_INFINITY);
    this.#landed = this.#reels.map((reel) => {
      const index = reel.plan.landingIndex;
      for (const [i, card] of reel.cards.entries()) card.alpha = i === index ? 1 : DIM_ALPHA;
      return reel.plan.strip[index]?.hash ?? null;
    });
    this.#phase = 'settled';
    active.release();
    active.resolve();
  }
}
