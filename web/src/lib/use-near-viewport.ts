import { useEffect, useRef, useState } from 'react';

/**
 * Whether the element has come within a screen of the viewport yet (and stays true after): heavy parts further
 * down a page (the charts and their library) load only when the reader gets near them.
 */
export function useNearViewport<T extends Element>(): [boolean, React.RefObject<T | null>] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '100% 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [near, ref];
}
