import { useEffect, useRef } from 'react';

/** Calls `run(value)` once `value` has stayed the same for `ms`; typing in a search box sends one request, not one per key. */
export function useDebouncedEffect<T>(value: T, ms: number, run: (value: T) => void) {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    const timer = window.setTimeout(() => latest.current(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
}
