import { useRef, type ReactNode } from 'react';
import { formatCoins } from '../../core/money.ts';
import { CoinIcon } from '../../ui/icons.tsx';
import { useParallax } from '../../ui/use-parallax.ts';

/**
 * A case's art and price at the top of its page and of its tables; `children` say what follows.
 * The art follows the pointer when the parallax setting is on.
 */
export function CaseHero({ box, children }: { box: { name: string; image: string; price: number }; children: ReactNode }) {
  const hero = useRef<HTMLDivElement>(null);
  const art = useRef<HTMLImageElement>(null);
  useParallax(hero, art);
  return (
    <div ref={hero} className="case-hero">
      <img ref={art} className="case-hero-art" src={box.image} alt={`${box.name} case`} width={320} height={240} />
      <div className="case-hero-text">
        <p className="case-hero-price">
          <CoinIcon width={22} height={22} />
          {formatCoins(box.price)}
        </p>
        {children}
      </div>
    </div>
  );
}
