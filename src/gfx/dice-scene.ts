// The dice bar in PixiJS, on the session's renderer (renderer.ts); load lazily. A 0-100 track
// with the winning zone in green and the losing one in red; a roll slides the marker to the
// number the server drew (docs/style.md item 7: the result is an input). The ticker runs only
// while the marker moves; reduced motion puts it there at once, performance mode drops the glow.
import { Container, Graphics, Text, UPDATE_PRIORITY, type Ticker } from 'pixi.js';
import type { ArenaRenderer, RendererEvent } from './renderer.ts';

export type DiceSceneState = { readonly rolls: number; readonly moving: boolean; readonly value: number | null };

const SLIDE_MS = 520;
const PAD = 24;
const WIN = 0x22c55e;
const LOSE = 0xd91c2b;
const TRACK = 0x1a1e28;

const ease = (t: number) => 1 - (1 - t) ** 4;

export class DiceScene {
  readonly container = new Container({ label: 'dice' });
  readonly #renderer: ArenaRenderer;
  readonly #track = new Graphics();
  readonly #ticks = new Container();
  readonly #marker = new Container();
  readonly #markerShape = new Graphics();
  readonly #glow = new Graphics({ alpha: 0.25 });
  readonly #markerText = new Text({ text: '', style: { fontFamily: 'Inter, system-ui, sans-serif', fontSize: 16, fontWeight: '800', fill: 0x0b0d12 } });
  #side: 'under' | 'over' = 'under';
  #target = 5_000;
  #value: number | null = null;
  #win = false;
  #rolls = 0;
  #motion: { started: number; from: number; to: number; release: () => void; resolve: () => void } | null = null;
  #unsubscribe: () => void;
  readonly #update = (_ticker: Ticker) => this.#frame();

  private constructor(renderer: ArenaRenderer) {
    this.#renderer = renderer;
    this.#markerText.anchor.set(0.5);
    this.#marker.addChild(this.#glow, this.#markerShape, this.#markerText);
    this.#marker.visible = false;
    this.container.addChild(this.#track, this.#ticks, this.#marker);
    this.#unsubscribe = renderer.subscribe((event: RendererEvent) => {
      if (event.type === 'resize' || event.type === 'settings') this.#layout();
    });
    renderer.app.stage.addChild(this.container);
    renderer.app.ticker.add(this.#update, undefined, UPDATE_PRIORITY.NORMAL);
    this.#layout();
  }

  static create(renderer: ArenaRenderer): DiceScene {
    return new DiceScene(renderer);
  }

  get state(): DiceSceneState {
    return { rolls: this.#rolls, moving: this.#motion !== null, value: this.#value };
  }

  /** Colours the track for a side and target (hundredths). */
  setTarget(side: 'under' | 'over', target: number): void {
    this.#side = side;
    this.#target = target;
    this.#layout();
  }

  /** Slides the marker to `value` (0..9999) and shows it as a win or a loss. */
  roll(value: number, win: boolean): Promise<void> {
    this.#finish();
    const from = this.#value ?? 5_000;
    this.#value = value;
    this.#win = win;
    this.#rolls += 1;
    this.#marker.visible = true;
    if (this.#renderer.settings.reducedMotion) {
      this.#layout();
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.#motion = { started: performance.now(), from, to: value, release: this.#renderer.animate(), resolve };
    });
  }

  destroy(): void {
    this.#finish();
    this.#unsubscribe();
    this.#renderer.app.ticker.remove(this.#update);
    this.container.removeFromParent();
    this.container.destroy({ children: true });
  }

  #x(value: number): number {
    const { width } = this.#renderer.size;
    return PAD + ((width - PAD * 2) * value) / 10_000;
  }

  #layout(): void {
    const { width, height } = this.#renderer.size;
    const y = height / 2 + 14;
    const split = this.#x(this.#target);
    const [left, right] = this.#side === 'under' ? [WIN, LOSE] : [LOSE, WIN];
    const g = this.#track.clear();
    g.roundRect(PAD - 8, y - 14, width - PAD * 2 + 16, 28, 14).fill(TRACK);
    g.roundRect(PAD, y - 6, Math.max(0, split - PAD), 12, 6).fill(left);
    g.roundRect(split, y - 6, Math.max(0, width - PAD - split), 12, 6).fill(right);
    g.rect(split - 1.5, y - 16, 3, 32).fill(0xffffff);
    this.#ticks.removeChildren().forEach((child) => child.destroy());
    for (const mark of [0, 25, 50, 75, 100]) {
      const label = new Text({ text: String(mark), style: { fontFamily: 'Inter, system-ui, sans-serif', fontSize: 12, fill: 0x8b93a7 } });
      label.anchor.set(0.5, 0);
      label.position.set(this.#x(mark * 100), y + 20);
      this.#ticks.addChild(label);
    }
    this.#drawMarker(this.#value ?? 5_000);
    this.#renderer.requestRender();
  }

  #drawMarker(value: number): void {
    const { height } = this.#renderer.size;
    const colour = this.#win ? WIN : LOSE;
    const glow = !this.#renderer.settings.performance;
    this.#glow.clear();
    if (glow) this.#glow.roundRect(-36, -22, 72, 40, 10).fill(colour);
    const g = this.#markerShape.clear();
    g.roundRect(-31, -18, 62, 32, 8).fill(colour);
    g.poly([-7, 14, 7, 14, 0, 22]).fill(colour);
    this.#markerText.text = (value / 100).toFixed(2);
    this.#markerText.position.set(0, -2);
    this.#marker.position.set(this.#x(value), height / 2 - 30);
  }

  #frame(): void {
    if (!this.#motion) return;
    const { started, from, to } = this.#motion;
    const t = Math.min(1, (performance.now() - started) / SLIDE_MS);
    this.#drawMarker(Math.round(from + (to - from) * ease(t)));
    if (t >= 1) this.#finish();
  }

  #finish(): void {
    const motion = this.#motion;
    if (!motion) return;
    this.#motion = null;
    this.#drawMarker(motion.to);
    motion.release();
    motion.resolve();
  }
}
