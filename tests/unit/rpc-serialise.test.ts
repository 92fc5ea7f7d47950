import { describe, expect, test } from 'vitest';
import { fixedPart, serialiseEnvelope } from '../../sim-server/rpc/serialise.ts';

describe('serialiseEnvelope', () => {
  const fixed = fixedPart([{ currency: 'SFC', precision: 2 }, { currency: 'BTC', precision: 8, limits: { min: 1, max: null } }]);
  const cases: unknown[] = [
    { response: { wallets: [{ currency: 'SFC', amount: 5 }], methods: fixed, payment_methods: fixed } },
    { response: { a: undefined, b: () => 1, c: null, d: 'x"y', 'odd"key': fixed, e: [undefined, 1] } },
    { response: { frozen: Object.freeze({ at: new Date(0) }), dated: new Date(0) } },
    { response: Object.freeze({ x: 1 }) },
    { response: [1, 2] },
    { response: null },
    { response: 'text' },
    { error: { error_code: 16, error_msg: 'bad' } },
    { response: { x: 1 }, extra: true },
    { error: 'rate_limited', retry_after: 3 },
  ];
  test.each(cases.map((c) => [JSON.stringify(c), c]))('%s is written exactly as JSON.stringify writes it', (_name, envelope) => {
    expect(serialiseEnvelope(envelope)).toBe(JSON.stringify(envelope));
    // Again: the fixed parts come from their written text.
    expect(serialiseEnvelope(envelope)).toBe(JSON.stringify(envelope));
  });

  test('a fixed part cannot change under its written text', () => {
    const part = fixedPart({ list: [{ n: 1 }] });
    expect(() => {
      (part.list[0] as { n: number }).n = 2;
    }).toThrow(TypeError);
    expect(serialiseEnvelope({ response: { part } })).toBe('{"response":{"part":{"list":[{"n":1}]}}}');
  });
});
