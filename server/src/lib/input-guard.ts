import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** Deeper than any body the API takes (its deepest forms nest three levels); enough room for the auth library's. */
export const MAX_BODY_DEPTH = 32;

const NUL = '\u0000';

/**
 * Why a parsed body cannot be taken, or undefined when it can: a NUL character in a string or a key (PostgreSQL
 * stores no NUL in text), or nesting deeper than MAX_BODY_DEPTH (re-serialising `[[[[…` twenty thousand deep
 * overflows the stack). Walks with its own stack, so the check itself cannot overflow.
 */
export function unacceptable(body: unknown): { message: string; field: string; reason: 'invalid_character' | 'too_deep' } | undefined {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value: body, depth: 0, path: '' }];
  while (stack.length) {
    const { value, depth, path } = stack.pop() as (typeof stack)[number];
    if (typeof value === 'string') {
      if (value.includes(NUL)) return { field: path || 'body', reason: 'invalid_character', message: `${path || 'body'}: contains a character that is not allowed (NUL)` };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) return { field: path || 'body', reason: 'too_deep', message: 'The request is nested too deeply.' };
    for (const [key, child] of Object.entries(value)) {
      if (key.includes(NUL)) return { field: 'body', reason: 'invalid_character', message: 'body: contains a character that is not allowed (NUL)' };
      stack.push({ value: child, depth: depth + 1, path: path ? `${path}.${key}` : key });
    }
  }
  return undefined;
}

/** Throws the 400 for a multipart field or any other text read outside the JSON body. */
export function assertAcceptableText(field: string, value: string): void {
  if (value.includes(NUL)) throw new AppError('validation_failed', `${field}: contains a character that is not allowed (NUL)`, { [field]: 'invalid_character' });
}

/**
 * Refuses, once for every route, what the database or a parser downstream cannot take: a NUL in the address
 * (path or query, `%00`) before anything runs, and in a parsed body before validation.
 */
export function guardInput(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url)) throw new AppError('validation_failed', 'The address contains a character that is not allowed (NUL).');
  });
  app.addHook('preValidation', async (request) => {
    const problem = unacceptable(request.body);
    if (problem) throw new AppError('validation_failed', problem.message, { [problem.field]: problem.reason });
  });
}
