import type { ReactNode } from 'react';
import { formatCoins } from '../../core/money.ts';
import { CoinIcon } from '../../ui/icons.tsx';

/** A case's art and price at the top of its page and of its tables; `children` say what follows. */
export function CaseHero({ box, children }: { box: { name: string; image: string; price: number }; children: ReactNode }) {
  return (
    <div className="case-hero">
      <img className="case-hero-art" src={box.image} alt={`${box.name} case`} width={320} height={240} />
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
