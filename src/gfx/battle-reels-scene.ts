// A battle round's reels in PixiJS: ONE scene (one container, one ticker callback) holds a
// vertical reel per seat, side by side, and spins them together to the drops the server
// decided when the round started (docs/style.md item 7: the winners are inputs). Each reel's motion
// is a roulette-plan.ts plan laid along the y axis, so the reels keep the case roulette's
// numbers (travel, ease, settle) and land exactly centred. Lives on the session's renderer
// (renderer.ts); load lazily. Performance mode drops the glows; reduced motion shows the drops
// at once. The canvas is transparent: the columns behind the reels are the page's.
import { Assets, Cache, Container, Graphics, GraphicsContext, Sprite, Texture, UPDATE_PRIORITY, type Ticker } from 'pixi.js';
import { ITEM_RARITY_STYLE, toItemRarity } from '../core/rarity.ts';
import { seededRandom, seedFromText } from '../core/seeded-random.ts';
import type { ArenaRenderer, RendererEvent } from './renderer.ts';
import { markerAt, planRoulette, ROULETTE, visibleRange, type RoulettePlan } from './roulette-plan.ts';
import type { RouletteItem } from './roulette-scene.ts';

/** One seat's reel in a round: the server's drop and the case's items around it. */
export type ReelRequest = { readonly winner: RouletteItem; readonly pool: readonly RouletteItem[]; readonly seed: string };

/** A round to spin: every seat's reel, how long the server gives the spin, and fast mode. */
export type ReelsSpin = { readonly reels: readonly ReelRequest[]; readonly durationMs: number; readonly fast: boolean };

/**
 * The scene's state, for the page and tests. `shown` is read from the drawing: per reel, the item
 * of the card drawn across the marker line, and `cards` the card objects the scene holds.
 */
export type ReelsState = {
  readonly phase: 'idle' | 'spinning' | 'settled';
  readonly spins: number;
  readonly reels: number;
  readonly landed: readonly (string | null)[];
  readonly shown: readonly (string | null)[];
  readonly cards: number;
};

const CARD_COLOR = 0x1a1e28;
const MARKER_COLOR = 0xe5bf26;
const DIM_ALPHA = 0.35;
/** Space between reels, px: the gap of the page's columns under the canvas (.reel-columns in battles.css). */
const GAP = 8;

function rarityColor(rarity: string): number {
  const [r, g, b] = ITEM_RARITY_STYLE[toItemRarity(rarity)].rgb;
  return (r << 16) | (g << 8) | b;
}

/** The objects that draw one card; bound to whichever index of a strip is in view. */
type Card = { readonly view: Container; readonly glow: Graphics | null; readonly art: Sprite; readonly bar: Sprite; index: number };

/**
 * A seat's column: its strip and the cards it holds, kept from round to round (and made with the
 * art, before the first), and the round's plan once a round spins there.
 */
type Reel = { readonly strip: Container; plan: RoulettePlan<RouletteItem> | null; readonly cards: Card[]; dimmed: boolean };

/** The size of a round's cards; cards of one size are reused from round to round. */
type CardSize = { readonly width: number; readonly pitch: number; readonly radius: number; readonly effects: boolean };

function sameSize(a: CardSize | null, b: CardSize): boolean {
  return a !== null && a.width === b.width && a.pitch === b.pitch && a.radius === b.radius && a.effects === b.effects;
}

/** The battle reels scene; create with {@link BattleReelsScene.create}, one per battle page. */
export class BattleReelsScene {
  readonly container = new Container({ label: 'battle-reels' });
  readonly #renderer: ArenaRenderer;
  readonly #reelsLayer = new Container({ label: 'reels' });
  readonly #marker = new Graphics();
  #reels: Reel[] = [];
  // A card's shape, white and tinted per card, laid out into triangles once for every card of
  // its size; and the cards of that size out of view, for the next strip to take.
  #size: CardSize | null = null;
  #shape: GraphicsContext | null = null;
  #spare: Card[] = [];
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
    const middle = this.#renderer.size.height / 2;
    const shown = this.#reels.map(({ plan, strip, cards }) => {
      const card = plan && cards.find(({ view, index }) => index >= 0 && strip.y + view.y <= middle && middle < strip.y + view.y + plan.itemWidth);
      return plan && card ? (plan.strip[card.index]?.hash ?? null) : null;
    });
    const cards = this.#spare.length + this.#reels.reduce((sum, reel) => sum + reel.cards.length, 0);
    return { phase: this.#phase, spins: this.#spins, reels: this.#reels.length, landed: [...this.#landed], shown, cards };
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
    await this.#loadArt(request.reels.flatMap((reel) => [reel.winner, ...reel.pool]).map((item) => item.image));
    if (this.#destroyed) return;
    const { settings } = this.#renderer;
    const { height } = this.#geometry();
    this.#layout();
    const { scale } = this.#sizeCards();
    this.#placeReels();
    for (const [column, { winner, pool, seed }] of request.reels.entries()) {
      const reel = this.#reels[column]!;
      // The last round's cards stay in the strip, parked until bound again.
      for (const card of reel.cards) this.#park(card);
      reel.dimmed = false;
      reel.plan = planRoulette({
        winner,
        pool,
        viewportWidth: Math.max(1, height),
        scale,
        random: seededRandom(seedFromText(seed)),
        durationMs: request.durationMs,
        fast: request.fast,
        reducedMotion: settings.reducedMotion,
        performance: settings.performance,
      });
    }
    this.#landed = request.reels.map(() => null);
    this.#spins += 1;
    this.#phase = 'spinning';
    await new Promise<void>((resolve) => {
      this.#active = { started: performance.now(), release: this.#renderer.animate(), resolve };
      this.#place(0);
      if (this.#reels.every((reel) => reel.plan?.totalMs === 0)) this.#settle();
    });
  }

  /**
   * Loads the art of the items a round may show and hands it to the GPU ahead of the round. Left
   * to the spin, fetching, drawing and uploading the art took the round's first frames on a
   * slow phone (a task of 80-150 ms at 6x CPU, issue 31); cached, a spin finds it ready.
   */
  async preload(images: readonly string[]): Promise<void> {
    const textures = await this.#loadArt(images);
    if (this.#destroyed) return;
    for (const texture of textures) if (texture !== Texture.EMPTY) this.#renderer.app.renderer.texture.initSource(texture.source);
    this.#renderer.flush();
    // The first round's cards too, in their strips and drawn once off the canvas: made at the
    // round's start, they and PixiJS's draw list for them took its first frames (issue 31).
    if (this.#active) return;
    const { pitch } = this.#sizeCards();
    const perReel = Math.ceil(this.#renderer.size.height / pitch) + 1;
    this.#placeReels();
    for (const reel of this.#reels) {
      while (reel.cards.length < perReel) {
        const card = this.#spare.pop() ?? this.#newCard();
        this.#park(card);
        reel.strip.addChild(card.view);
        reel.cards.push(card);
      }
    }
    this.#renderer.requestRender();
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
    this.#dropReels(0);
    for (const card of this.#spare) card.view.destroy({ children: true });
    this.#spare = [];
    this.#shape?.destroy();
    this.container.removeFromParent();
    this.container.destroy({ children: true });
    this.#renderer.requestRender();
  }

  // The art of items, loaded once per session by PixiJS's asset cache; a failed load draws no
  // art. A round names each of its case's items once per seat: each picture is asked for once.
  async #loadArt(urls: readonly string[]): Promise<Texture[]> {
    const resolution = this.#renderer.app.renderer.resolution;
    const load = async (url: string) => {
      if (Cache.has(url)) return Cache.get<Texture>(url);
      try {
        return await Assets.load<Texture>({ src: url, parser: 'svg', data: { resolution } });
      } catch {
        return Texture.EMPTY;
      }
    };
    return Promise.all([...new Set(urls)].map(load));
  }

  #geometry(): { width: number; height: number; column: number } {
    const { width, height } = this.#renderer.size;
    return { width, height, column: (width - GAP * (this.#columns - 1)) / this.#columns };
  }

  // Cards fit their column and about two and a half of them the reel's height.
  #scale(): number {
    const { height, column } = this.#geometry();
    return Math.max(0.3, Math.min(1, (column - 8) / ROULETTE.itemWidth, height / (ROULETTE.itemWidth * 2.2)));
  }

  // A strip per column, placed across the canvas; the strips of columns no longer there go, and
  // their cards to the spare list.
  #placeReels(): void {
    const { column } = this.#geometry();
    const cardWidth = this.#size!.width;
    this.#dropReels(this.#columns);
    for (let i = 0; i < this.#columns; i++) {
      let reel = this.#reels[i];
      if (!reel) {
        reel = { strip: new Container(), plan: null, cards: [], dimmed: false };
        this.#reelsLayer.addChild(reel.strip);
        this.#reels.push(reel);
      }
      reel.strip.x = i * (column + GAP) + (column - cardWidth) / 2;
    }
  }

  // The reels from column `from` on go: their cards to the spare list, their strips destroyed.
  #dropReels(from: number): void {
    for (const reel of this.#reels.splice(from)) {
      for (const card of reel.cards) {
        card.view.removeFromParent();
        card.index = -1;
      }
      this.#spare.push(...reel.cards);
      reel.strip.destroy();
    }
  }

  // Makes the cards the size the reel area and columns give; cards of another size (a resize,
  // performance mode switched) are dropped. Answers the size and its scale.
  #sizeCards(): CardSize & { scale: number } {
    const scale = this.#scale();
    const pitch = ROULETTE.itemWidth * scale;
    const size: CardSize = {
      width: Math.min(this.#geometry().column - 8, ROULETTE.itemWidth * scale * 1.15),
      pitch,
      radius: 8 * scale,
      effects: !this.#renderer.settings.performance,
    };
    if (!sameSize(this.#size, size)) {
      this.#dropReels(0);
      for (const card of this.#spare) card.view.destroy({ children: true });
      this.#spare = [];
      this.#shape?.destroy();
      this.#shape = new GraphicsContext().roundRect(0, 3, size.width, pitch - 6, size.radius).fill(0xffffff);
      this.#size = size;
    }
    return { ...this.#size!, scale };
  }

  #newCard(): Card {
    const shape = this.#shape!;
    const view = new Container();
    view.addChild(new Graphics({ context: shape, tint: CARD_COLOR }));
    const glow = this.#size!.effects ? new Graphics({ context: shape, alpha: 0.12 }) : null;
    if (glow) view.addChild(glow);
    const art = new Sprite(Texture.EMPTY);
    const bar = new Sprite({ texture: Texture.WHITE, x: 6, y: this.#size!.pitch - 9, width: this.#size!.width - 12, height: 3 });
    view.addChild(art, bar);
    return { view, glow, art, bar, index: -1 };
  }

  // Unbinds `card` and puts it two cards above its strip's first: off the canvas at every point
  // of a spin, which only ever moves the strip up, and still drawn (hiding it would make PixiJS
  // rebuild the scene's draw list).
  #park(card: Card): void {
    card.index = -1;
    card.view.y = -2 * this.#size!.pitch;
  }

  // Draws strip index `index` of a reel's `plan` with `card`: its place, art and rarity colours.
  #bind(plan: RoulettePlan<RouletteItem>, dimmed: boolean, card: Card, index: number): void {
    const { width, pitch } = this.#size!;
    const item = plan.strip[index]!;
    const colour = rarityColor(item.rarity);
    card.index = index;
    card.view.y = index * pitch;
    if (card.glow) card.glow.tint = colour;
    card.bar.tint = colour;
    const art = Assets.get<Texture>(item.image) ?? Texture.EMPTY;
    card.art.texture = art;
    const box = Math.min(width - 16, pitch - 26);
    const fit = art.width > 0 ? Math.min(box / art.width, box / art.height) : 1;
    card.art.scale.set(fit);
    card.art.position.set((width - art.width * fit) / 2, (pitch - art.height * fit) / 2 - 4);
    card.view.alpha = dimmed && index !== plan.landingIndex ? DIM_ALPHA : 1;
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

  // Puts every reel where its plan is `t` ms in (Infinity: the end) and draws only the cards in
  // its band: a strip is some sixty cards long, and four reels' worth of cards made anew every
  // round was most of a 180 ms task as the round started on a phone (issue 31). A reel holds the
  // few cards its band shows, bound to the strip's indices as they scroll into view. A card that
  // has scrolled out stays drawn where its index is, off the canvas, until it is bound again:
  // hiding it would make PixiJS rebuild the scene's draw list that frame.
  #place(t: number): void {
    const { height } = this.#renderer.size;
    for (const reel of this.#reels) {
      const { plan } = reel;
      if (!plan) continue;
      const marker = markerAt(plan, Math.min(t, plan.totalMs));
      reel.strip.y = height / 2 - marker;
      const { first, last } = visibleRange(plan, reel.strip.y, height);
      const free = reel.cards.filter((card) => card.index < first || card.index > last);
      for (let index = first; index <= last; index++) {
        if (reel.cards.some((card) => card.index === index)) continue;
        let card = free.pop();
        if (!card) {
          card = this.#spare.pop() ?? this.#newCard();
          reel.strip.addChild(card.view);
          reel.cards.push(card);
        }
        this.#bind(plan, reel.dimmed, card, index);
      }
    }
  }

  #frame(): void {
    const active = this.#active;
    if (active === null) return;
    const t = performance.now() - active.started;
    if (this.#reels.every((reel) => t >= (reel.plan?.totalMs ?? 0))) {
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
      const { plan } = reel;
      if (!plan) return null;
      reel.dimmed = true;
      for (const card of reel.cards) if (card.index >= 0) this.#bind(plan, true, card, card.index);
      return plan.strip[plan.landingIndex]?.hash ?? null;
    });
    this.#phase = 'settled';
    active.release();
    active.resolve();
  }
}
