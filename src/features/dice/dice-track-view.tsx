import type { CSSProperties } from 'react';
import type { DiceSide } from '../../core/dice-rules.ts';

/**
 * The dice bar in HTML and CSS: what the page shows before PixiJS has loaded (and in the
 * prerendered first view), and instead of the canvas on a device without WebGL. It draws what
 * the scene draws (src/gfx/dice-scene.ts: the 0-100 track, the winning side in green and the
 * losing one in red, the target's line, the ticks and, after a roll, the marker with the
 * number); the marker slides with a CSS transition (none with reduced motion).
 */
export function DiceTrackView({ side, target, value, win }: { side: DiceSide; target: number; value: number | null; win: boolean }) {
  const style = { '--split': target / 10_000, '--value': (value ?? 5_000) / 10_000 } as CSSProperties;
  return (
    <div className="dice-track-view" aria-hidden style={style} data-side={side}>
      <div className="dice-track">
        <span className="dice-track-left" />
        <span className="dice-track-right" />
        <span className="dice-track-split" />
      </div>
      <ol className="dice-track-ticks">
        {[0, 25, 50, 75, 100].map((mark) => (
          <li key={mark} style={{ '--at': mark / 100 } as CSSProperties}>
            {mark}
          </li>
        ))}
      </ol>
      {value !== null && (
        <span className="dice-track-marker mono" data-win={win || undefined}>
          {(value / 100).toFixed(2)}
        </span>
      )}
    </div>
  );
}
