import '../../lib/zod-jitless';
import { type Language, type SpeechCapability, type Transcription, transcriptionSchema } from '@railmadad/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';

export const speechCapabilityQuery = queryOptions({
  queryKey: ['speech-capability'],
  queryFn: () => api<SpeechCapability>('/api/speech'),
  staleTime: 10 * 60_000,
  retry: 1,
});

/** A slow line may take a while to send a minute of audio; the server gives its provider 20 s on top. */
const UPLOAD_TIMEOUT_MS = 45_000;

/** Sends a recording as the raw body; the server's answer, or an ApiError with its code. */
export async function transcribeRecording(audio: Blob, language: Language, signal: AbortSignal): Promise<Transcription> {
  let response: Response;
  try {
    response = await fetch(`/api/speech/transcribe?language=${encodeURIComponent(language)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': audio.type || 'audio/webm' },
      body: audio,
      signal: typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, AbortSignal.timeout(UPLOAD_TIMEOUT_MS)]) : signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(0, 'network', 'Network error occurred. Please check your connection and try again.');
  }
  const data = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
  if (!response.ok) throw new ApiError(response.status, data?.code ?? `http_${response.status}`, data?.message ?? response.statusText);
  const parsed = transcriptionSchema.safeParse(data);
  if (!parsed.success) throw new ApiError(response.status, 'invalid_answer', 'The server answered something unexpected.');
  return parsed.data;
}
