import { DISPLAY_CURRENCIES, setDisplayCurrency, useDisplayCurrency, type DisplayCurrency } from './display-currency.ts';

const NAMES: Record<DisplayCurrency, string> = { SFC: 'Coins', USD: 'US dollars', EUR: 'Euros' };

/** The settings' choice of the currency amounts are shown in. */
export function CurrencySetting() {
  const currency = useDisplayCurrency();
  return (
    <label className="settings-currency">
      <span>Show amounts in</span>
      <select className="field-input" value={currency} onChange={(event) => setDisplayCurrency(event.target.value as DisplayCurrency)}>
        {DISPLAY_CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {NAMES[code]} ({code})
          </option>
        ))}
      </select>
    </label>
  );
}
