import type { ComplaintDetail } from '@railmadad/contract';
import { ApiError } from '../../../lib/api';
import type { QueuedComplaint } from './offline-queue';

/** Photos on 2G take minutes; a shorter limit would abort uploads that were going to finish. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/** POST /api/complaints with the complaint's Idempotency-Key, so a retry never files it twice. */
export async function sendComplaint(item: QueuedComplaint): Promise<ComplaintDetail> {
  const body = new FormData();
  for (const [name, value] of Object.entries(item.fields)) if (value) body.append(name, value);
  for (const photo of item.photos) body.append('photos', photo.blob, photo.name);
  let response: Response;
  try {
    response = await fetch('/api/complaints', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'idempotency-key': item.key },
      body,
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(0, 'network', 'Network error occurred. Please check your connection and try again.');
  }
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    // A proxy's HTML error page, or the connection dropped mid-answer.
    if (response.ok) throw new ApiError(0, 'network', 'The answer was cut off.');
  }
  if (!response.ok) {
    const d = (data ?? {}) as { code?: string; message?: string; fields?: Record<string, string> };
    throw new ApiError(response.status, d.code ?? `http_${response.status}`, d.message ?? response.statusText, d.fields);
  }
  return data as ComplaintDetail;
}
