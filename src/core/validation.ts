// Input rules of document 1 section 5, document 2 section 5 and document 3 section 5. Field
// validators answer null when the text is acceptable or the message the spec shows. An empty
// field passes them: whether a field is required is the form's concern ('Fill in all fields',
// 'Mandatory field'), as the spec says of names ("Empty input is valid").

import { GIFT_CODE_PATTERN } from '../contract/wire.ts';

/** Messages the spec shows for rejected input. */
export const ValidationMessage = {
  NAME: 'Incorrect name',
  NICKNAME_TOO_SHORT: 'Enter your nickname that is at least 5 letters long',
  EMAIL: 'Incorrect email',
  BTC_ADDRESS: 'Incorrect BTC address',
  ETH_ADDRESS: 'Incorrect ETH address',
  TRADE_URL: 'Incorrect Steam trade-url',
  CODE: 'Invalid code',
  FILL_IN_ALL_FIELDS: 'Fill in all fields',
} as const;

/** One of the spec's validation messages. */
export type ValidationMessage = (typeof ValidationMessage)[keyof typeof ValidationMessage];

/** Shortest allowed user name (also promo and referral codes). */
export const NAME_MIN_LENGTH = 5;

/** Longest allowed user name (also promo and referral codes). */
export const NAME_MAX_LENGTH = 25;

/** Longest chat message, counted in characters (code points) after markup is cleared. */
export const CHAT_MAX_LENGTH = 200;

// A letter first, a letter or digit last, letters, digits and underscores between: 5..25 in all.
const NAME_PATTERN = new RegExp(`^[A-Za-z][A-Za-z0-9_]{${NAME_MIN_LENGTH - 2},${NAME_MAX_LENGTH - 2}}[A-Za-z0-9]$`);
const EMAIL_PATTERN = /^[\w.!#$%&'*+/=?^`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*\.[a-zA-Z]{2,}$/;
const BTC_LEGACY_PATTERN = /^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/;
const BTC_BECH32_PATTERN = /^bc1[02-9ac-hj-np-z]{11,71}$/;
const ETH_PATTERN = /^0x[0-9a-fA-F]{40}$/;
const TIP_COMMAND_PATTERN = /^\/tip \d+$/;

/** Whether a name keeps the username rules: 5-25 letters, digits or one underscore, led by a letter, not ending in "_". */
export function isValidName(name: string): boolean {
  return NAME_PATTERN.test(name) && name.indexOf('_') === name.lastIndexOf('_');
}

/** Username check: 'Incorrect name' unless empty or valid. */
export function validateName(name: string): ValidationMessage | null {
  return name === '' || isValidName(name) ? null : ValidationMessage.NAME;
}

/** Nickname change check: empty or unchanged is not checked, a short one gets the spec's length message. */
export function validateNickname(name: string, current: string): ValidationMessage | null {
  if (name === '' || name === current) return null;
  if (name.length < NAME_MIN_LENGTH) return ValidationMessage.NICKNAME_TOO_SHORT;
  return validateName(name);
}

/** Email check: 'Incorrect email' unless empty or shaped like local@domain.tld. */
export function validateEmail(email: string): ValidationMessage | null {
  return email === '' || EMAIL_PATTERN.test(email) ? null : ValidationMessage.EMAIL;
}

/** BTC address check by shape (legacy base58 1/3 or bech32 bc1), not by checksum. */
export function validateBtcAddress(address: string): ValidationMessage | null {
  const valid = address === '' || BTC_LEGACY_PATTERN.test(address) || BTC_BECH32_PATTERN.test(address);
  return valid ? null : ValidationMessage.BTC_ADDRESS;
}

/** ETH address check: 0x and 40 hex digits (mixed-case checksum is not checked). */
export function validateEthAddress(address: string): ValidationMessage | null {
  return address === '' || ETH_PATTERN.test(address) ? null : ValidationMessage.ETH_ADDRESS;
}

/** Whether text is a Steam trade URL: https://steamcommunity.com/tradeoffer/new/ with a numeric partner and an 8-character token, in any order. */
export function isTradeUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  if (url.protocol !== 'https:' || url.host !== 'steamcommunity.com' || url.username !== '' || url.password !== '') return false;
  if (url.pathname !== '/tradeoffer/new/' && url.pathname !== '/tradeoffer/new') return false;
  const keys = [...url.searchParams.keys()].toSorted();
  return (
    keys.join('&') === 'partner&token' &&
    /^\d+$/.test(url.searchParams.get('partner') ?? '') &&
    /^[A-Za-z0-9]{8}$/.test(url.searchParams.get('token') ?? '')
  );
}

/** Trade URL check: 'Incorrect Steam trade-url' unless empty or a trade URL. */
export function validateTradeUrl(url: string): ValidationMessage | null {
  return url === '' || isTradeUrl(url) ? null : ValidationMessage.TRADE_URL;
}

/** Whether a code is a gift code: three groups of five letters or digits joined by dashes, any case. */
export function isGiftCode(code: string): boolean {
  return GIFT_CODE_PATTERN.test(code);
}

/** Where a gift code leads (/gift/{code}): 'inventory' for codes starting with A, 'wallet' for C, else null. */
export function giftCodeKind(code: string): 'inventory' | 'wallet' | null {
  if (!isGiftCode(code)) return null;
  const first = code[0]?.toUpperCase();
  return first === 'A' ? 'inventory' : first === 'C' ? 'wallet' : null;
}

/** Promo or referral code check: codes keep the username rules, else 'Invalid code'. */
export function validatePromoCode(code: string): ValidationMessage | null {
  return code === '' || isValidName(code) ? null : ValidationMessage.CODE;
}

/** Sign-in form check: 'Fill in all fields' while either field is empty. */
export function validateLoginForm(username: string, password: string): ValidationMessage | null {
  return username === '' || password === '' ? ValidationMessage.FILL_IN_ALL_FIELDS : null;
}

/** Whether a chat message is a tip command: "/tip", one space, an unsigned integer. */
export function isTipCommand(text: string): boolean {
  return TIP_COMMAND_PATTERN.test(text);
}

/** Why a chat message cannot be sent. */
export const ChatTextProblem = { EMPTY: 'empty', TOO_LONG: 'too_long' } as const;

/** A reason a chat message cannot be sent. */
export type ChatTextProblem = (typeof ChatTextProblem)[keyof typeof ChatTextProblem];

/** Chat send check on markup-free text: empty when blank, too_long past 200 characters once trimmed. */
export function validateChatText(text: string): ChatTextProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return ChatTextProblem.EMPTY;
  return [...trimmed].length > CHAT_MAX_LENGTH ? ChatTextProblem.TOO_LONG : null;
}
