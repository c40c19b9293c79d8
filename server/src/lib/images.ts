import { PROFILE_PHOTO_MAX_SIDE, PROFILE_PHOTO_QUALITY } from '@railmadad/contract';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { AppError } from './errors';

/** A 50-megapixel phone photo opens; a decompression bomb (a small file that unpacks to gigabytes) does not. */
const MAX_INPUT_PIXELS = 50_000_000;

const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff']);

export type EncodedImage = { bytes: Buffer; width: number; height: number; contentType: 'image/jpeg' };

/**
 * Decodes whatever was uploaded (by its content, never its name), applies the EXIF
 * orientation, drops all metadata and re-encodes it as a JPEG that fits in `maxSide`.
 */
export async function reencodeImage(input: Buffer, maxSide: number, quality: number): Promise<EncodedImage> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input).metadata();
  } catch {
    throw new AppError('invalid_image', 'This file is not a picture. Please choose a photo.');
  }
  if (!metadata.format || !IMAGE_FORMATS.has(metadata.format)) throw new AppError('invalid_image', 'This file is not a picture. Please choose a photo.');
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new AppError('invalid_image', 'This picture is too large to open (more than 50 megapixels). Please choose a smaller photo.');
  }
  let encoded: { data: Buffer; info: OutputInfo };
  try {
    encoded = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      // Plain libjpeg: mozjpeg saved ~10% of bytes here but took several times the CPU per photo.
      .jpeg({ quality })
      .toBuffer({ resolveWithObject: true });
  } catch {
    // The header read, the picture did not: cut short in transit or damaged.
    throw new AppError('invalid_image', 'This picture is damaged or incomplete and could not be opened. Please choose another photo.');
  }
  const { data, info } = encoded;
  return { bytes: data, width: info.width, height: info.height, contentType: 'image/jpeg' };
}

export const reencodeProfilePhoto = (input: Buffer) => reencodeImage(input, PROFILE_PHOTO_MAX_SIDE, PROFILE_PHOTO_QUALITY);
