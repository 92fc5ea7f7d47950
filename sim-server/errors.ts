import type { ErrorCode } from '../src/contract/index.ts';

/** An error a method answers in the envelope; anything else becomes INTERNAL_ERROR. */
export class AppError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.code = code;
    this.name = 'AppError';
  }
}

/** Shorthand for throwing an envelope error. */
export function fail(code: ErrorCode, message: string): never {
  throw new AppError(code, message);
}
