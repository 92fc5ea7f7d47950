import { useId } from 'react';
import { GAME_MAX_BET, GAME_MIN_BET } from '../core/game-limits.ts';
import { cleanAmountInput, formatCoins, parseCoinsToCents } from '../core/money.ts';
import './bet-input.css';

/** The stake a text field holds, in cents, or null when it is not a valid stake. */
export function stakeCents(text: string): number | null {
  const cents = parseCoinsToCents(text);
  return cents !== null && cents >= GAME_MIN_BET && cents <= GAME_MAX_BET ? cents : null;
}

/** A stake in coins with halve and double buttons (Chicken and Dice). */
export function BetInput({ value, onChange, disabled, label = 'Bet' }: { value: string; onChange(next: string): void; disabled?: boolean; label?: string }) {
  const id = useId();
  const cents = parseCoinsToCents(value) ?? 0;
  const scale = (factor: number) => onChange(formatCoins(Math.min(GAME_MAX_BET, Math.max(GAME_MIN_BET, Math.floor(cents * factor)))).replaceAll(',', ''));
  return (
    <div className="field bet-input">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="bet-input-row">
        <input
          id={id}
          className="field-input mono"
          inputMode="decimal"
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(cleanAmountInput(event.target.value, { decimals: 2, maxIntegerDigits: 5 }))}
        />
        <button type="button" className="bet-input-step" disabled={disabled} onClick={() => scale(0.5)} aria-label="Halve the bet">
          ½
        </button>
        <button type="button" className="bet-input-step" disabled={disabled} onClick={() => scale(2)} aria-label="Double the bet">
          2×
        </button>
      </div>
    </div>
  );
}
