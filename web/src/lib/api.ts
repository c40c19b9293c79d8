/** An API answer that was not 2xx, with the server's code for the translated message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

type Body = Record<string, unknown> | FormData | undefined;

const TIMEOUT_MS = 60_000;

/** fetch for our own API: same-origin cookie, JSON in and out, errors as ApiError. */
export async function api<T>(path: string, init: { method?: string; body?: Body; signal?: AbortSignal } = {}): Promise<T> {
  const isForm = init.body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body ? 'POST' : 'GET'),
      credentials: 'same-origin',
      headers: init.body && !isForm ? { 'content-type': 'application/json' } : undefined,
      body: isForm ? (init.body as FormData) : init.body ? JSON.stringify(init.body) : undefined,
      signal: init.signal ?? AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(0, 'network', 'Network error occurred. Please check your connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { message: text };
  }
  if (!response.ok) {
    const d = (data ?? {}) as { code?: string; message?: string; fields?: Record<string, string> };
    throw new ApiError(response.status, d.code ?? `http_${response.status}`, d.message ?? response.statusText, d.fields);
  }
  return data as T;
}
