/**
 * When a recording stops by itself (the prototype's rule): the analyser's average level, on
 * its 0–255 byte scale, below 5 counts as quiet; 1.5 s of quiet after the passenger has said
 * something ends the recording. Pure, so it is tested without a microphone.
 */
export const SILENCE_LEVEL = 5;
export const SILENCE_MS = 1500;
/** Nothing but quiet for this long: stop and say no speech was heard, sending nothing. */
export const NOTHING_HEARD_MS = 8000;
/** The server takes about 60 s of Opus (2 MB); stop before that. */
export const MAX_RECORDING_MS = 60_000;

export type StopReason = 'silence' | 'nothing-heard' | 'max-length';
export type SilenceWatch = { startedAt: number; heard: boolean; quietSince: number | null };

/** The mean of an analyser's byte frequency (or level) data. */
export function averageLevel(bins: ArrayLike<number>): number {
  if (bins.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < bins.length; i++) sum += bins[i];
  return sum / bins.length;
}

export const startWatch = (now: number): SilenceWatch => ({ startedAt: now, heard: false, quietSince: null });

/** One reading of the level at `now` (ms): the watch as it is after it, and whether to stop. */
export function watchLevel(watch: SilenceWatch, level: number, now: number): { watch: SilenceWatch; stop: StopReason | null } {
  const isQuiet = level < SILENCE_LEVEL;
  const next: SilenceWatch = {
    startedAt: watch.startedAt,
    heard: watch.heard || !isQuiet,
    quietSince: isQuiet ? (watch.quietSince ?? now) : null,
  };
  if (now - watch.startedAt >= MAX_RECORDING_MS) return { watch: next, stop: 'max-length' };
  if (next.heard && next.quietSince !== null && now - next.quietSince >= SILENCE_MS) return { watch: next, stop: 'silence' };
  if (!next.heard && now - watch.startedAt >= NOTHING_HEARD_MS) return { watch: next, stop: 'nothing-heard' };
  return { watch: next, stop: null };
}
