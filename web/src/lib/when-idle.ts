/**
 * Runs `work` once the page has drawn and the phone has a free moment (at the latest after `timeoutMs`), so what
 * the first screen does not show (the live socket, complaints waiting on the phone) never competes with drawing it.
 * On a cheap phone the first screen's own work already fills the main thread for a second or more.
 * Returns a function that cancels it.
 */
export function whenIdle(work: () => void, timeoutMs = 2_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no idle callback: after the current work, and a frame later.
  const timer = window.setTimeout(work, 50);
  return () => window.clearTimeout(timer);
}
