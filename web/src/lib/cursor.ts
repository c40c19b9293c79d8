import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** A list cursor read back from the address bar: the server checks it, this only drops what cannot be one. */
export const readCursor = (value: string | null): string | undefined => (value && value.length <= 1000 && /^[A-Za-z0-9_-]+$/.test(value) ? value : undefined);

/**
 * Takes a page parameter that `readCursor` refuses out of the address (replacing the entry), so what the address
 * says is the page shown: the first. The rest of the address stays as it is.
 */
export function useDropMalformedCursor(name = 'cursor') {
  const [params, setParams] = useSearchParams();
  const value = params.get(name);
  const malformed = value !== null && readCursor(value) === undefined;
  useEffect(() => {
    if (!malformed) return;
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [malformed, name, setParams]);
}
