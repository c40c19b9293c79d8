import { useSyncExternalStore } from 'react';

/** Whether a media query matches, following the window as it is resized or turned; `fallback` without a window. */
export function useMediaQuery(query: string, fallback = false): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => window.matchMedia(query).matches,
    () => fallback,
  );
}
