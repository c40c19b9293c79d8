import { useCallback, useEffect, useRef, useState } from 'react';
import type { QueuedPhoto } from './offline-queue';
import { choosePhotos, isPhotoTooLarge, type PhotoProblem, randomPhotoName, shrinkPhoto } from './photos';

export type PickedPhoto = { id: string; blob: Blob; name: string; url: string; originalBytes: number };

/** Beyond this a file is not decoded at all: a cheap phone would run out of memory first. */
const DECODE_MAX_BYTES = 60 * 1024 * 1024;

const toPicked = (blob: Blob, name: string, originalBytes: number): PickedPhoto => ({
  id: crypto.getRandomValues(new Uint32Array(2)).join('-'),
  blob,
  name,
  url: URL.createObjectURL(blob),
  originalBytes,
});

/**
 * The complaint's photos: each made small on the phone before it is kept, shown from an object
 * URL that is revoked as soon as the photo leaves the list or the page.
 */
export function usePhotos() {
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [preparing, setPreparing] = useState(0);
  const [problem, setProblem] = useState<PhotoProblem | null>(null);
  const current = useRef(photos);
  current.current = photos;
  const isMounted = useRef(true);

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
      for (const photo of current.current) URL.revokeObjectURL(photo.url);
    };
  }, []);

  const add = useCallback(
    async (files: File[]) => {
      const { accepted, problem: found } = choosePhotos(files, current.current.length + preparing);
      setProblem(found);
      setPreparing((n) => n + accepted.length);
      // One at a time: decoding several 12-megapixel photos at once can exhaust a cheap phone.
      for (const file of accepted) {
        const blob = file.size > DECODE_MAX_BYTES ? null : await shrinkPhoto(file);
        if (!isMounted.current) return;
        setPreparing((n) => n - 1);
        if (!blob || isPhotoTooLarge(blob)) {
          setProblem('photo_too_large');
          continue;
        }
        const picked = toPicked(blob, randomPhotoName(blob.type), file.size);
        setPhotos((list) => [...list, picked]);
      }
    },
    [preparing],
  );

  const remove = useCallback((id: string) => {
    setProblem(null);
    setPhotos((list) => {
      const gone = list.find((p) => p.id === id);
      if (gone) URL.revokeObjectURL(gone.url);
      return list.filter((p) => p.id !== id);
    });
  }, []);

  const clear = useCallback(() => {
    for (const photo of current.current) URL.revokeObjectURL(photo.url);
    setPhotos([]);
    setProblem(null);
  }, []);

  /** Puts a returned complaint's photos back. */
  const restore = useCallback((queued: QueuedPhoto[]) => {
    for (const photo of current.current) URL.revokeObjectURL(photo.url);
    setPhotos(queued.map((p) => toPicked(p.blob, p.name, p.blob.size)));
    setProblem(null);
  }, []);

  const toQueued = (): QueuedPhoto[] => photos.map((p) => ({ name: p.name, type: p.blob.type, blob: p.blob }));

  return { photos, preparing, problem, add, remove, clear, restore, toQueued };
}
