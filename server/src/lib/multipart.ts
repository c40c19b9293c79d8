import { AppError } from './errors';

/**
 * Runs `read` over a multipart body and turns what the parser gives up on (a body cut short, no boundary, a
 * damaged part header) into a clear 400. The parser's own limits (too large, too many files) already carry their
 * 4xx status and pass through, as do our own errors.
 */
export async function readingMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof AppError || (status && status < 500)) throw error;
    throw new AppError('validation_failed', 'The upload arrived incomplete or damaged. Please send it again.');
  }
}
