import { COMPLAINT_PHOTO_MAX_SIDE, PHOTO_MAX_BYTES, PHOTOS_MAX } from '@railmadad/contract';

/** What the server keeps anyway (it re-encodes at 75): sending more detail would only cost upload time. */
const JPEG_QUALITY = 0.75;
const KEEP_AS_IS = new Set(['image/jpeg', 'image/png', 'image/webp']);
const IMAGE_NAME = /\.(jpe?g|png|webp|gif|heic|heif|avif|tiff?|bmp)$/i;

export type PhotoProblem = 'too_many_photos' | 'photo_too_large' | 'invalid_image';

/** Some phones give camera files no type; the name tells then. The server checks the content. */
export const isImageFile = (file: File) => (file.type ? file.type.startsWith('image/') : IMAGE_NAME.test(file.name));

const draw = async (bitmap: ImageBitmap, width: number, height: number): Promise<Blob> => {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    // JPEG has no transparency: a see-through PNG would turn black without a white floor.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))), 'image/jpeg', JPEG_QUALITY));
};

/**
 * A photo at most 1600 px on its longest side, as JPEG: a 4 MB camera photo becomes a few
 * hundred kilobytes, which a weak signal can carry. If the browser cannot do it, the original.
 */
export async function shrinkPhoto(file: Blob, maxSide = COMPLAINT_PHOTO_MAX_SIDE): Promise<Blob> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    try {
      const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
      const blob = await draw(bitmap, Math.max(1, Math.round(bitmap.width * scale)), Math.max(1, Math.round(bitmap.height * scale)));
      // A small photo already well compressed stays as it was.
      if (scale === 1 && blob.size >= file.size && KEEP_AS_IS.has(file.type)) return file;
      return blob;
    } finally {
      bitmap.close();
    }
  } catch {
    return file;
  }
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The spec's upload name: 32 random letters and digits, then the extension. */
export function randomPhotoName(type: string) {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const name = Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
  const extension = type === 'image/jpeg' ? 'jpg' : (type.split('/')[1] ?? 'jpg').replace(/[^a-z0-9]/gi, '') || 'jpg';
  return `${name}.${extension}`;
}

/** Which of the picked files may join the `existing` ones, and the first problem with the rest. */
export function choosePhotos(files: File[], existing: number): { accepted: File[]; problem: PhotoProblem | null } {
  let problem: PhotoProblem | null = null;
  const accepted: File[] = [];
  for (const file of files) {
    if (!isImageFile(file)) problem ??= 'invalid_image';
    else if (existing + accepted.length >= PHOTOS_MAX) problem ??= 'too_many_photos';
    else accepted.push(file);
  }
  return { accepted, problem };
}

export const isPhotoTooLarge = (blob: Blob) => blob.size > PHOTO_MAX_BYTES;
