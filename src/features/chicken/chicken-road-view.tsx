import type { CSSProperties } from 'react';

/**
 * The chicken's road in HTML and CSS: what the page shows before PixiJS has loaded (and in the
 * prerendered first view), and instead of the canvas on a device without WebGL. It draws what
 * the scene draws (src/gfx/chicken-scene.ts: the sidewalks, the lanes with their multipliers,
 * the crossed lanes, the chicken and, when caught, the car) and scrolls the road the same way;
 * a step slides the chicken with a CSS transition (none with reduced motion).
 */
export function ChickenRoadView({ multipliers, position, caught }: { multipliers: readonly string[]; position: number; caught: boolean }) {
  // The lane the chicken was caught in is not crossed.
  const crossed = caught ? position - 1 : position;
  const style = { '--lanes': multipliers.length, '--pos': position, '--crossed': Math.max(0, crossed) } as CSSProperties;
  return (
    <div className="chicken-road-view" aria-hidden style={style} data-caught={caught || undefined}>
      <div className="chicken-road-world">
        <div className="chicken-road-crossed" />
        <ol className="chicken-road-lanes">
          {multipliers.map((text, i) => (
            <li key={i} data-lane={i < crossed ? 'crossed' : i === crossed ? 'next' : undefined}>
              {text}x
            </li>
          ))}
        </ol>
        {caught && <ChickenCar />}
        <ChickenFigure />
      </div>
    </div>
  );
}

/** The scene's chicken (chicken-scene.ts #drawChicken) as an inline picture. */
function ChickenFigure() {
  return (
    <svg className="chicken-road-chicken" viewBox="-22 -34 54 66" width="54" height="66">
      <ellipse cx="0" cy="6" rx="19" ry="16" fill="#f5f1e6" />
      <circle cx="10" cy="-12" r="11" fill="#f5f1e6" />
      <polygon points="6,-26 10,-32 13,-25 17,-31 19,-22" fill="#d91c2b" />
      <polygon points="20,-14 30,-10 20,-7" fill="#f59e0b" />
      <circle cx="13" cy="-14" r="2.2" fill="#111" />
      <ellipse cx="-6" cy="6" rx="10" ry="7" fill="#e8e1d0" />
      <rect x="-6" y="20" width="3" height="9" fill="#f59e0b" />
      <rect x="4" y="20" width="3" height="9" fill="#f59e0b" />
    </svg>
  );
}

/** The car that caught it (chicken-scene.ts #drawCar). */
function ChickenCar() {
  return (
    <svg className="chicken-road-car" viewBox="-22 -36 44 72" width="44" height="72">
      <rect x="-22" y="-36" width="44" height="72" rx="8" fill="#d91c2b" />
      <rect x="-16" y="-24" width="32" height="16" rx="4" fill="#1f2937" />
      <rect x="-16" y="10" width="32" height="12" rx="4" fill="#1f2937" />
      <rect x="-20" y="32" width="8" height="4" fill="#fde68a" />
      <rect x="12" y="32" width="8" height="4" fill="#fde68a" />
    </svg>
  );
}
