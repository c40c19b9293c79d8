import { useEffect, useRef } from 'react';

type AudioWindow = Window & { webkitAudioContext?: typeof AudioContext };

/**
 * Makes an element swell with the other side's voice (a CSS `scale` set straight on the element,
 * no re-render per frame), so a voice call shows that sound is arriving even on a weak line.
 */
export function useAudioLevel<T extends HTMLElement>(stream: MediaStream | null) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !stream || stream.getAudioTracks().length === 0) return;
    const Ctor = window.AudioContext ?? (window as AudioWindow).webkitAudioContext;
    if (!Ctor || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    let context: AudioContext;
    try {
      context = new Ctor();
    } catch {
      return;
    }
    const analyser = context.createAnalyser();
    analyser.fftSize = 256;
    const source = context.createMediaStreamSource(stream);
    source.connect(analyser);
    const data = new Uint8Array(analyser.fftSize);
    let frame = 0;
    let smooth = 0;
    const tick = () => {
      analyser.getByteTimeDomainData(data);
      let sum = 0;
      for (const v of data) sum += (v - 128) * (v - 128);
      const rms = Math.sqrt(sum / data.length) / 128;
      smooth = smooth * 0.7 + Math.min(1, rms * 4) * 0.3;
      el.style.scale = String(1 + smooth * 0.35);
      el.style.opacity = String(0.25 + smooth * 0.6);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      source.disconnect();
      void context.close().catch(() => undefined);
      el.style.scale = '';
      el.style.opacity = '';
    };
  }, [stream]);
  return ref;
}
