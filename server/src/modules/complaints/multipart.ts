import { PHOTO_MAX_BYTES, PHOTOS_MAX } from '@railmadad/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { assertAcceptableText } from '../../lib/input-guard';
import { readingMultipart } from '../../lib/multipart';

/**
 * Reads a multipart complaint: text fields and up to PHOTOS_MAX photos of at most 10 MB each.
 * Over-limit uploads answer with a clear 4xx and nothing is stored.
 */
export async function readComplaintForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; photos: Buffer[] }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the complaint as multipart/form-data.');
  const fields: Record<string, string> = {};
  const photos: Buffer[] = [];
  await readingMultipart(async () => {
  // One more file than allowed is let through so that a 6th photo gets our own message.
  for await (const part of request.parts({ limits: { fileSize: PHOTO_MAX_BYTES, files: PHOTOS_MAX + 1, fields: 30, fieldSize: 10_000 } })) {
    if (part.type === 'field') {
      const value = String(part.value ?? '');
      assertAcceptableText(part.fieldname, value);
      fields[part.fieldname] = value;
      continue;
    }
    if (photos.length >= PHOTOS_MAX) {
      part.file.resume();
      throw new AppError('validation_failed', `photos: at most ${PHOTOS_MAX} photos`, { photos: 'too_many_photos' });
    }
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('payload_too_large', 'Each photo must be at most 10 MB.', { photos: 'photo_too_large' });
      }
      throw error;
    }
    if (bytes.length > 0) photos.push(bytes);
  }
  });
  return { fields, photos };
}
