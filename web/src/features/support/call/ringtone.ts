type AudioWindow = Window & { webkitAudioContext?: typeof AudioContext };

/**
 * A soft two-tone ring (and a buzz on phones) while a call comes in, so a passenger who looked
 * away from the screen still notices. Best effort: a browser that refuses sound stays silent.
 * Returns the function that stops it.
 */
export function startRingtone(): () => void {
  let stopped = false;
  let context: AudioContext | null = null;
  let timer: number | undefined;
  try {
    const Ctor = window.AudioContext ?? (window as AudioWindow).webkitAudioContext;
    context = Ctor ? new Ctor() : null;
  } catch {
    context = null;
  }
  const ring = () => {
    if (stopped) return;
    try {
      navigator.vibrate?.([400, 200, 400]);
    } catch {
      // no vibration motor or not allowed
    }
    if (context && context.state !== 'closed') {
      const start = context.currentTime + 0.02;
      for (const [offset, freq] of [
        [0, 440],
        [0.45, 480],
      ] as const) {
        const osc = context.createOscillator();
        const gain = context.createGain();
        osc.frequency.value = freq;
        gain.gain.setValueAtTime(0, start + offset);
        gain.gain.linearRampToValueAtTime(0.12, start + offset + 0.05);
        gain.gain.linearRampToValueAtTime(0, start + offset + 0.4);
        osc.connect(gain).connect(context.destination);
        osc.start(start + offset);
        osc.stop(start + offset + 0.42);
      }
    }
    timer = window.setTimeout(ring, 3000);
  };
  ring();
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    try {
      navigator.vibrate?.(0);
    } catch {
      // as above
    }
    void context?.close().catch(() => undefined);
  };
}
