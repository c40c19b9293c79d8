import { describe, expect, it } from 'vitest';
import { averageLevel, MAX_RECORDING_MS, NOTHING_HEARD_MS, SILENCE_MS, type SilenceWatch, type StopReason, startWatch, watchLevel } from './silence';

/** Feeds `[time ms, level]` readings from a watch started at 0; the first stop and when it came. */
function run(readings: [number, number][]): { stop: StopReason | null; at: number | null; watch: SilenceWatch } {
  let watch = startWatch(0);
  for (const [now, level] of readings) {
    const next = watchLevel(watch, level, now);
    watch = next.watch;
    if (next.stop) return { stop: next.stop, at: now, watch };
  }
  return { stop: null, at: null, watch };
}
/** A reading every 100 ms from `from` to `to` (inclusive) at one level. */
const steady = (from: number, to: number, level: number): [number, number][] =>
  Array.from({ length: Math.floor((to - from) / 100) + 1 }, (_, i) => [from + i * 100, level]);

describe('averageLevel', () => {
  it('is the mean of the analyser bytes, and 0 for none', () => {
    expect(averageLevel(new Uint8Array([0, 10, 20, 30]))).toBe(15);
    expect(averageLevel(new Uint8Array(0))).toBe(0);
  });
});

describe('watchLevel', () => {
  it('stops 1.5 s after the speech ends, not before', () => {
    const result = run([...steady(0, 900, 40), ...steady(1000, 5000, 2)]);
    expect(result.stop).toBe('silence');
    expect(result.at).toBe(1000 + SILENCE_MS);
  });

  it('counts an average of exactly 5 as sound and below 5 as quiet', () => {
    expect(run([...steady(0, 300, 5), ...steady(400, 1800, 4.9)]).stop).toBeNull();
    expect(run([...steady(0, 300, 5), ...steady(400, 1900, 4.9)]).stop).toBe('silence');
  });

  it('starts the quiet over when the passenger speaks again', () => {
    const result = run([...steady(0, 500, 30), ...steady(600, 1700, 1), [1800, 25], ...steady(1900, 3300, 1)]);
    expect(result.stop).toBeNull();
    expect(run([...steady(0, 500, 30), ...steady(600, 1700, 1), [1800, 25], ...steady(1900, 3400, 1)]).at).toBe(3400);
  });

  it('does not stop for quiet before anything was said, until 8 s of nothing', () => {
    expect(run(steady(0, NOTHING_HEARD_MS - 100, 0)).stop).toBeNull();
    const result = run(steady(0, NOTHING_HEARD_MS, 0));
    expect(result).toMatchObject({ stop: 'nothing-heard', at: NOTHING_HEARD_MS });
    expect(result.watch.heard).toBe(false);
  });

  it('stops at the time limit however long the passenger speaks', () => {
    expect(run(steady(0, MAX_RECORDING_MS + 1000, 60))).toMatchObject({ stop: 'max-length', at: MAX_RECORDING_MS });
  });
});
