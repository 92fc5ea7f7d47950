import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  CHAT_MAX_LENGTH,
  giftCodeKind,
  isGiftCode,
  isTipCommand,
  isTradeUrl,
  validateBtcAddress,
  validateChatText,
  validateEmail,
  validateEthAddress,
  validateLoginForm,
  validateName,
  validateNickname,
  validatePromoCode,
  validateTradeUrl,
} from '../../src/core/validation.ts';

describe('validateName', () => {
  test('a name of letters, digits and one inner underscore is accepted', () => {
    for (const name of ['Alice', 'bob_42', 'A1234', 'abcdefghijklmnopqrstuvwxy']) expect(validateName(name)).toBeNull();
  });

  test('empty input is valid', () => {
    expect(validateName('')).toBeNull();
  });

  test('a name starting with an underscore is refused with Incorrect name', () => {
    expect(validateName('_alice')).toBe('Incorrect name');
  });

  test('a name starting with a digit is refused', () => {
    expect(validateName('1alice')).toBe('Incorrect name');
  });

  test('a name ending with an underscore is refused', () => {
    expect(validateName('alice_')).toBe('Incorrect name');
  });

  test('a second underscore is refused', () => {
    expect(validateName('a_li_ce')).toBe('Incorrect name');
  });

  test('fewer than 5 or more than 25 characters are refused', () => {
    expect(validateName('abcd')).toBe('Incorrect name');
    expect(validateName('a'.repeat(26))).toBe('Incorrect name');
    expect(validateName('a'.repeat(25))).toBeNull();
  });

  test('spaces, dashes and non-Latin letters are refused', () => {
    for (const name of ['ali ce', 'ali-ce', 'alicé', 'алиса']) expect(validateName(name)).toBe('Incorrect name');
  });

  test('any name that passes keeps every rule', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'Z', '5', '_', '-'), maxLength: 30 }), (name) => {
        if (validateName(name) !== null || name === '') return;
        expect(name.length).toBeGreaterThanOrEqual(5);
        expect(name.length).toBeLessThanOrEqual(25);
        expect(name).toMatch(/^[A-Za-z]/);
        expect(name.endsWith('_')).toBe(false);
        expect(name.split('_').length).toBeLessThanOrEqual(2);
        expect(name).toMatch(/^\w+$/);
      }),
    );
  });
});

describe('validateNickname', () => {
  test('an empty or unchanged nickname is not checked', () => {
    expect(validateNickname('', 'alice')).toBeNull();
    expect(validateNickname('_bad', '_bad')).toBeNull();
  });

  test('a short nickname asks for at least 5 letters', () => {
    expect(validateNickname('abc', 'alice')).toBe('Enter your nickname that is at least 5 letters long');
  });

  test('a nickname of only numbers is refused', () => {
    expect(validateNickname('123456', 'alice')).toBe('Incorrect name');
  });
});

describe('validateEmail', () => {
  test('a standard address is accepted', () => {
    for (const email of ['a@b.co', 'first.last+tag@mail.example.org']) expect(validateEmail(email)).toBeNull();
  });

  test('addresses without a user, an at sign or a domain suffix are refused', () => {
    for (const email of ['plain', '@b.co', 'a@b', 'a@@b.co', 'a b@c.co', 'a@-b.co']) expect(validateEmail(email)).toBe('Incorrect email');
  });
});

describe('crypto addresses', () => {
  test('legacy and bech32 BTC addresses are accepted', () => {
    for (const address of [
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    ]) {
      expect(validateBtcAddress(address)).toBeNull();
    }
  });

  test('BTC addresses with a wrong prefix, base58-excluded letters, capitals in bech32 or a bad length are refused', () => {
    for (const address of [
      '2BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNV0l',
      'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdb',
      '1BvBMSEYstWetqTF',
    ]) {
      expect(validateBtcAddress(address)).toBe('Incorrect BTC address');
    }
  });

  test('an ETH address is 0x and 40 hex digits', () => {
    expect(validateEthAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBeNull();
    expect(validateEthAddress('0x52908400098527886E0F7030069857D2E4169EE')).toBe('Incorrect ETH address');
    expect(validateEthAddress('52908400098527886E0F7030069857D2E4169EE7')).toBe('Incorrect ETH address');
    expect(validateEthAddress('0x52908400098527886E0F7030069857D2E4169EEG')).toBe('Incorrect ETH address');
  });
});

describe('Steam trade URLs', () => {
  const valid = 'https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=AbCd1234';

  test('a trade URL with a numeric partner and an 8-character token is accepted', () => {
    expect(validateTradeUrl(valid)).toBeNull();
  });

  test('the query parameters may come in either order', () => {
    expect(isTradeUrl('https://steamcommunity.com/tradeoffer/new/?token=AbCd1234&partner=123456789')).toBe(true);
  });

  test('other hosts, plain http, wrong paths, bad tokens and extra parameters are refused', () => {
    for (const url of [
      'http://steamcommunity.com/tradeoffer/new/?partner=1&token=AbCd1234',
      'https://steamcommunity.com.evil.io/tradeoffer/new/?partner=1&token=AbCd1234',
      'https://evilsteamcommunity.com/tradeoffer/new/?partner=1&token=AbCd1234',
      'https://steamcommunity.com:8443/tradeoffer/new/?partner=1&token=AbCd1234',
      'https://steamcommunity.com/tradeoffer/old/?partner=1&token=AbCd1234',
      'https://steamcommunity.com/tradeoffer/new/?partner=1a&token=AbCd1234',
      'https://steamcommunity.com/tradeoffer/new/?partner=1&token=AbCd123',
      'https://steamcommunity.com/tradeoffer/new/?partner=1&token=AbCd1234&partner=2',
      'https://steamcommunity.com/tradeoffer/new/?partner=1',
      'not a url',
    ]) {
      expect(validateTradeUrl(url)).toBe('Incorrect Steam trade-url');
    }
  });
});

describe('codes', () => {
  test('three groups of five letters or digits joined by dashes are a gift code in any case', () => {
    expect(isGiftCode('ABCDE-12345-FGHIJ')).toBe(true);
    expect(isGiftCode('abcde-12345-fghij')).toBe(true);
  });

  test('other shapes are not gift codes', () => {
    for (const code of ['ABCDE-12345', 'ABCD-12345-FGHIJ', 'ABCDE_12345_FGHIJ', 'ABCDE-12345-FGHIJ-', ' ABCDE-12345-FGHIJ']) {
      expect(isGiftCode(code)).toBe(false);
    }
  });

  test('gift codes starting with A lead to the inventory and with C to the wallet', () => {
    expect(giftCodeKind('A1B2C-12345-FGHIJ')).toBe('inventory');
    expect(giftCodeKind('a1b2c-12345-fghij')).toBe('inventory');
    expect(giftCodeKind('CXXXX-12345-FGHIJ')).toBe('wallet');
  });

  test('gift codes starting with another character, and non-gift codes, lead nowhere', () => {
    expect(giftCodeKind('BXXXX-12345-FGHIJ')).toBeNull();
    expect(giftCodeKind('Alice')).toBeNull();
  });

  test('promo and referral codes follow the username rules, else Invalid code', () => {
    expect(validatePromoCode('STREAMER_1')).toBeNull();
    expect(validatePromoCode('ab')).toBe('Invalid code');
    expect(validatePromoCode('ABCDE-12345-FGHIJ')).toBe('Invalid code');
  });
});

describe('validateLoginForm', () => {
  test('either field empty asks to fill in all fields', () => {
    expect(validateLoginForm('', 'secret')).toBe('Fill in all fields');
    expect(validateLoginForm('alice', '')).toBe('Fill in all fields');
    expect(validateLoginForm('', '')).toBe('Fill in all fields');
  });

  test('both fields filled pass', () => {
    expect(validateLoginForm('alice', 'secret')).toBeNull();
  });
});

describe('chat', () => {
  test('/tip, a space and an integer is a tip command', () => {
    expect(isTipCommand('/tip 100')).toBe(true);
  });

  test('anything else starting with /tip is not a tip command', () => {
    for (const text of ['/tip', '/tip ', '/tip 1.5', '/tip  5', '/tip abc', '/tip -5', ' /tip 5', '/tips 5', '/tip 5 ']) {
      expect(isTipCommand(text)).toBe(false);
    }
  });

  test('empty and whitespace-only messages are refused as empty', () => {
    expect(validateChatText('')).toBe('empty');
    expect(validateChatText(' \n\t ')).toBe('empty');
  });

  test('200 characters pass and 201 are too long', () => {
    expect(validateChatText('a'.repeat(CHAT_MAX_LENGTH))).toBeNull();
    expect(validateChatText('a'.repeat(CHAT_MAX_LENGTH + 1))).toBe('too_long');
  });

  test('surrounding spaces do not count towards the limit', () => {
    expect(validateChatText(`  ${'a'.repeat(200)}  `)).toBeNull();
  });

  test('an emoji counts as one character', () => {
    expect(validateChatText('😀'.repeat(200))).toBeNull();
  });
});
