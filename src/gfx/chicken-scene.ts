// Catch the Chicken's road in PixiJS, on the session's renderer (renderer.ts); load lazily.
// The server decides every step before the scene moves (docs/style.md item 7): the page calls
// `hop` with the outcome and the scene only shows it. One container and one ticker callback;
// the ticker runs only while a hop plays. Performance mode drops the feathers and coins;
// reduced motion puts the chicken where it ends at once.
import { Container, Graphics, Text, UPDATE_PRIORITY, type Ticker } from 'pixi.js';
import type { ArenaRenderer, RendererEvent } from './renderer.ts';

/** How one hop ends: the chicken crossed, was caught, or cashed out where it stands. */
export type HopOutcome = 'safe' | 'caught';

/** The scene's state, for the page and tests. */
export type ChickenSceneState = { readonly lanes: number; readonly position: number; readonly caught: boolean; readonly hops: number; readonly moving: boolean };

const HOP_MS = 380;
const CAR_MS = 320;
const BURST_MS = 900;
const SIDEWALK = 0x2a2f3a;
const ASPHALT = 0x171a21;
const ASPHALT_CROSSED = 0x173526;
const LINE = 0x3a4050;
const GOLD = 0xe5bf26;
const RED = 0xd91c2b;
const CHICKEN_WHITE = 0xf5f1e6;

const ease = (t: number) => 1 - (1 - t) ** 3;

/** Lane width in px for a viewport width: wider lanes on wide screens. */
function laneWidth(viewport: number): number {
  return viewport < 600 ? 76 : 104;
}

type Motion = {
  started: number;
  from: number;
  to: number;
  outcome: HopOutcome;
  release: () => void;
  resolve: () => void;
};

type Particle = { g: Graphics; vx: number; vy: number };

/** The road scene; one per chicken page. */
export class ChickenScene {
  readonly container = new Container({ label: 'chicken' });
  readonly #renderer: ArenaRenderer;
  readonly #world = new Container({ label: 'road' });
  readonly #road = new Graphics();
  readonly #crossed = new Graphics({ alpha: 0.7 });
  readonly #labels = new Container({ label: 'multipliers' });
  readonly #chicken = new Container({ label: 'chicken' });
  readonly #car = new Graphics();
  readonly #effects = new Container({ label: 'effects' });
  #multipliers: readonly string[] = [];
  #roadKey = '';
  #position = 0;
  #caught = false;
  #hops = 0;
  #motion: Motion | null = null;
  #burst: { started: number; particles: Particle[]; release: () => void } | null = null;
  #unsubscribe: () => void;
  readonly #update = (_ticker: Ticker) => this.#frame();

  private constructor(renderer: ArenaRenderer) {
    this.#renderer = renderer;
    this.#drawChicken();
    this.#drawCar();
    this.#car.visible = false;
    this.#world.addChild(this.#road, this.#crossed, this.#labels, this.#car, this.#chicken, this.#effects);
    this.container.addChild(this.#world);
    this.#unsubscribe = renderer.subscribe((event: RendererEvent) => {
      if (event.type === 'resize') this.#layout();
    });
    renderer.app.stage.addChild(this.container);
    renderer.app.ticker.add(this.#update, undefined, UPDATE_PRIORITY.NORMAL);
  }

  static create(renderer: ArenaRenderer): ChickenScene {
    return new ChickenScene(renderer);
  }

  get state(): ChickenSceneState {
    return { lanes: this.#multipliers.length, position: this.#position, caught: this.#caught, hops: this.#hops, moving: this.#motion !== null };
  }

  /** Draws a road of lanes labelled with their multipliers and puts the chicken at `position` (0 = the sidewalk). */
  setRoad(multipliers: readonly string[], position: number, caught: boolean): void {
    this.#finishMotion();
    this.#multipliers = multipliers;
    this.#position = position;
    this.#caught = caught;
    this.#layout();
  }

  /** Plays one step to lane `to`: the chicken hops, and a car catches it when the server said so. */
  hop(to: number, outcome: HopOutcome): Promise<void> {
    this.#finishMotion();
    const from = this.#position;
    this.#hops += 1;
    if (this.#renderer.settings.reducedMotion) {
      this.#position = to;
      this.#caught = outcome === 'caught';
      this.#layout();
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.#motion = { started: performance.now(), from, to, outcome, release: this.#renderer.animate(), resolve };
      this.#redrawRoad(Math.min(from, to));
    });
  }

  /** Coins burst from the chicken: a cash-out. Skipped in performance mode and with reduced motion. */
  celebrate(): void {
    const { performance: lowPower, reducedMotion } = this.#renderer.settings;
    if (lowPower || reducedMotion || this.#burst) return;
    const particles: Particle[] = [];
    for (let i = 0; i < 28; i++) {
      const g = new Graphics().circle(0, 0, 3 + (i % 3)).fill(i % 4 === 0 ? CHICKEN_WHITE : GOLD);
      g.position.copyFrom(this.#chicken.position);
      const angle = (i / 28) * Math.PI * 2;
      const speed = 1.6 + (i % 5) * 0.5;
      particles.push({ g, vx: Math.cos(angle) * speed, vy: Math.sin(angle) * speed - 2 });
      this.#effects.addChild(g);
    }
    this.#burst = { started: performance.now(), particles, release: this.#renderer.animate() };
  }

  destroy(): void {
    this.#finishMotion();
    this.#endBurst();
    this.#unsubscribe();
    this.#renderer.app.ticker.remove(this.#update);
    this.container.removeFromParent();
    this.container.destroy({ children: true });
  }

  #geometry() {
    const { width, height } = this.#renderer.size;
    const lane = laneWidth(width);
    return { width, height, lane, sidewalk: lane };
  }

  /** Lane centre x in world space (0 = the sidewalk). */
  #laneX(position: number): number {
    const { lane, sidewalk } = this.#geometry();
    return position === 0 ? sidewalk / 2 : sidewalk + (position - 0.5) * lane;
  }

  #layout(): void {
    // The lane the chicken was caught in is not crossed.
    this.#redrawRoad(this.#caught ? this.#position - 1 : this.#position);
    this.#placeChicken(this.#position, 0, this.#caught);
    this.#follow(this.#laneX(this.#position));
    this.#renderer.requestRender();
  }

  #redrawRoad(crossed: number): void {
    const { height, lane, sidewalk } = this.#geometry();
    const lanes = this.#multipliers.length;
    // The road and its labels are drawn once per road and size; a hop only moves the crossed
    // overlay and re-tints the labels, so no frame rebuilds geometry or rasterises text.
    const key = `${this.#multipliers.join('|')}@${height}x${lane}`;
    if (key !== this.#roadKey) {
      this.#roadKey = key;
      const g = this.#road.clear();
      g.rect(0, 0, sidewalk, height).fill(SIDEWALK);
      g.rect(sidewalk, 0, lanes * lane, height).fill(ASPHALT);
      for (let i = 0; i < lanes; i++) {
        const x = sidewalk + i * lane;
        for (let y = 8; y < height; y += 28) g.rect(x + lane - 2, y, 3, 14).fill(LINE);
      }
      g.rect(sidewalk + lanes * lane, 0, sidewalk, height).fill(SIDEWALK);
      this.#labels.removeChildren().forEach((child) => child.destroy());
      for (const [i, text] of this.#multipliers.entries()) {
        const label = new Text({ text: `${text}x`, style: { fontFamily: 'Inter, system-ui, sans-serif', fontSize: 15, fontWeight: '700', fill: 0xffffff } });
        label.anchor.set(0.5);
        label.position.set(sidewalk + (i + 0.5) * lane, height - 22);
        this.#labels.addChild(label);
      }
    }
    this.#crossed.clear();
    if (crossed > 0) this.#crossed.rect(sidewalk, 0, crossed * lane, height).fill(ASPHALT_CROSSED);
    for (const [i, label] of this.#labels.children.entries()) label.tint = i < crossed ? 0x5fe08f : i === crossed ? GOLD : 0x8b93a7;
  }

  #placeChicken(position: number, lift: number, caught: boolean): void {
    const { height } = this.#geometry();
    this.#chicken.position.set(this.#laneX(position), height / 2 - 8 - lift);
    this.#chicken.scale.set(1, caught ? 0.35 : 1);
    this.#chicken.alpha = caught ? 0.75 : 1;
  }

  /** Scrolls the road so the chicken stays in the left third. */
  #follow(x: number): void {
    const { width, lane, sidewalk } = this.#geometry();
    const roadWidth = sidewalk * 2 + this.#multipliers.length * lane;
    const target = Math.min(0, Math.max(width - roadWidth, width * 0.3 - x));
    this.#world.x = roadWidth <= width ? (width - roadWidth) / 2 : target;
  }

  #frame(): void {
    const now = performance.now();
    if (this.#motion) {
      const { started, from, to, outcome } = this.#motion;
      const t = Math.min(1, (now - started) / HOP_MS);
      const x = this.#laneX(from) + (this.#laneX(to) - this.#laneX(from)) * ease(t);
      this.#chicken.position.x = x;
      this.#placeChicken(from, 0, false);
      this.#chicken.position.x = x;
      this.#chicken.position.y -= Math.sin(Math.PI * t) * 26;
      this.#follow(x);
      if (outcome === 'caught') {
        const carT = Math.min(1, Math.max(0, (now - started - HOP_MS * 0.5) / CAR_MS));
        const { height } = this.#geometry();
        this.#car.visible = carT > 0;
        this.#car.position.set(this.#laneX(to), -60 + (height / 2 + 20) * ease(carT));
        if (carT >= 1 && t >= 1) this.#finishMotion();
      } else if (t >= 1) {
        this.#finishMotion();
      }
    }
    if (this.#burst) {
      const age = now - this.#burst.started;
      for (const p of this.#burst.particles) {
        p.g.x += p.vx;
        p.g.y += p.vy;
        p.vy += 0.12;
        p.g.alpha = Math.max(0, 1 - age / BURST_MS);
      }
      if (age >= BURST_MS) this.#endBurst();
    }
  }

  #finishMotion(): void {
    const motion = this.#motion;
    if (!motion) return;
    this.#motion = null;
    this.#position = motion.to;
    this.#caught = motion.outcome === 'caught';
    this.#car.visible = this.#caught;
    if (this.#caught) this.#car.position.set(this.#laneX(motion.to), this.#geometry().height / 2 - 40);
    this.#layout();
    motion.release();
    motion.resolve();
  }

  #endBurst(): void {
    if (!this.#burst) return;
    for (const p of this.#burst.particles) p.g.destroy();
    this.#burst.release();
    this.#burst = null;
  }

  #drawChicken(): void {
    const body = new Graphics()
      .ellipse(0, 6, 19, 16).fill(CHICKEN_WHITE)
      .circle(10, -12, 11).fill(CHICKEN_WHITE)
      .poly([6, -26, 10, -32, 13, -25, 17, -31, 19, -22]).fill(RED)
      .poly([20, -14, 30, -10, 20, -7]).fill(0xf59e0b)
      .circle(13, -14, 2.2).fill(0x111111)
      .ellipse(-6, 6, 10, 7).fill(0xe8e1d0)
      .rect(-6, 20, 3, 9).fill(0xf59e0b)
      .rect(4, 20, 3, 9).fill(0xf59e0b);
    this.#chicken.addChild(body);
  }

  #drawCar(): void {
    this.#car
      .roundRect(-22, -36, 44, 72, 8).fill(RED)
      .roundRect(-16, -24, 32, 16, 4).fill(0x1f2937)
      .roundRect(-16, 10, 32, 12, 4).fill(0x1f2937)
      .rect(-20, 32, 8, 4).fill(0xfde68a)
      .rect(12, 32, 8, 4).fill(0xfde68a);
  }
}
