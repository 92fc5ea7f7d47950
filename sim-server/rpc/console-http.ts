/**
 * How the sim console's routes (payments, partners, streams, rain, compensation) answer: a
 * browser's form post gets a page or a redirect back to its console, a JSON caller (tests,
 * scripts) the RPC envelope. An AppError is the caller's mistake and becomes the envelope's
 * error; anything else is a bug and reaches Fastify's error handler.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NumericError, describeIssues, z, type Envelope } from '../../src/contract/index.ts';
import { AppError } from '../errors.ts';

/** Whether a request came from an HTML form (answer with a page) rather than a JSON caller. */
export const fromForm = (request: FastifyRequest): boolean => (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

const refusal = (error: unknown): Envelope<never> => {
  if (error instanceof AppError) return { error: { error_code: error.code, error_msg: error.message } };
  throw error;
};

/** Runs a console action (it waits for the database, or calls the dispatcher) and answers its envelope. */
export async function answer<T>(fn: () => T | Promise<T>): Promise<Envelope<T>> {
  try {
    return { response: await fn() };
  } catch (error) {
    return refusal(error);
  }
}

/** A body read by its schema; a mismatch is INPUT_ERROR with the contract's wording. */
export function parseBody<T extends z.ZodMiniType>(schema: T, body: unknown): z.output<T> {
  const parsed = z.safeParse(schema, body ?? {});
  if (!parsed.success) throw new AppError(NumericError.INPUT_ERROR, describeIssues(parsed.error.issues, body));
  return parsed.data;
}

/** A console or provider page, never cached. */
export const html = (reply: FastifyReply, body: string, code = 200) => reply.code(code).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

/** Back to a console page after a form post (post, redirect, get), with what happened as its notice. */
export const backTo = (path: string) => (reply: FastifyReply, result: Envelope<unknown>, notice: string) =>
  reply.redirect(`${path}?notice=${encodeURIComponent('error' in result ? result.error.error_msg : notice)}`, 303);
