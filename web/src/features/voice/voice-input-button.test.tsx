import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { useVoiceInput } from './use-voice-input';
import { VoiceInputButton, VoiceInputStatus } from './voice-input-button';

/** A description box with voice input, as a page uses it. */
function Harness() {
  const [text, setText] = useState('Fan broken.');
  const voice = useVoiceInput({ language: 'hi', onText: (piece) => setText((t) => `${t} ${piece}`) });
  return (
    <>
      <output data-testid="text">{text}</output>
      <VoiceInputButton voice={voice} />
      <VoiceInputStatus voice={voice} />
    </>
  );
}
const renderHarness = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Harness />
    </QueryClientProvider>,
  );

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// The browser's media parts, played by fakes: a microphone whose level the test sets, and a recorder.
let level = 40;
const track = { stop: vi.fn() };
class FakeRecorder {
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(_stream: unknown, options: { mimeType?: string }) {
    this.mimeType = options.mimeType ?? '';
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob([new Uint8Array([26, 69, 223, 163])], { type: this.mimeType }) });
    setTimeout(() => this.onstop?.());
  }
}
class FakeAudioContext {
  createAnalyser() {
    return { fftSize: 2048, frequencyBinCount: 256, getByteFrequencyData: (bins: Uint8Array) => bins.fill(level) };
  }
  createMediaStreamSource() {
    return { connect: () => undefined };
  }
  close() {
    return Promise.resolve();
  }
}
const getUserMedia = vi.fn(async () => ({ getTracks: () => [track] }));

function withMicrophone() {
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
}

/** Answers `GET /api/speech` and the transcription with the given replies; returns the spy. */
function serve(server: boolean, transcribe: () => Response = () => json(200, { transcript: 'पंखा नहीं चल रहा', language: 'hi' })) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/speech') return json(200, { server });
    if (url.startsWith('/api/speech/transcribe')) return transcribe();
    return json(404, { code: 'not_found' });
  });
}
const transcriptions = (fetch: ReturnType<typeof serve>) => fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/speech/transcribe'));

beforeAll(async () => {
  await initI18n({ screens: true });
});
beforeEach(() => {
  level = 40;
  getUserMedia.mockClear();
  track.stop.mockClear();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('voice input with a transcription provider on the server', () => {
  it('records on Start Recording, sends the audio with the interface language on Stop Recording, and appends the transcript', async () => {
    withMicrophone();
    let answer: (r: Response) => void = () => undefined;
    const fetch = serve(true, () => new Promise<Response>((r) => (answer = r)) as unknown as Response);
    renderHarness();
    fireEvent.click(await screen.findByTitle('Start Recording'));
    const stop = await screen.findByTitle('Stop Recording');
    expect(stop.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Recording… speak now. It stops by itself when you pause.')).toBeTruthy();
    expect(screen.getByText('0:00')).toBeTruthy();
    fireEvent.click(stop);

    // While the server works, the button says so and cannot be pressed.
    const busy = await screen.findByRole('button', { name: 'Transcribing…' });
    expect(busy).toHaveProperty('disabled', true);
    expect(transcriptions(fetch)).toHaveLength(1);
    const [url, init] = transcriptions(fetch)[0];
    expect(url).toBe('/api/speech/transcribe?language=hi');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['content-type']).toBe('audio/webm;codecs=opus');
    expect((init?.body as Blob).size).toBe(4);

    await act(async () => answer(json(200, { transcript: 'पंखा नहीं चल रहा', language: 'hi' })));
    await waitFor(() => expect(screen.getByTestId('text').textContent).toBe('Fan broken. पंखा नहीं चल रहा'));
    expect(screen.getByTitle('Start Recording')).toHaveProperty('disabled', false);
    expect(track.stop).toHaveBeenCalled();
  });

  it('stops by itself after 1.5 s of quiet once something was said', async () => {
    withMicrophone();
    const fetch = serve(true);
    renderHarness();
    fireEvent.click(await screen.findByTitle('Start Recording'));
    await screen.findByTitle('Stop Recording');
    await new Promise((r) => setTimeout(r, 300));
    level = 2;
    await waitFor(() => expect(screen.getByTestId('text').textContent).toBe('Fan broken. पंखा नहीं चल रहा'), { timeout: 4000 });
    expect(transcriptions(fetch)).toHaveLength(1);
  });

  it('says no speech was detected when the server hears nothing, and the transcription failed when it fails', async () => {
    withMicrophone();
    const replies = [json(200, { transcript: '', language: 'hi' }), json(502, { code: 'speech_failed', message: 'The speech service could not transcribe the recording.' })];
    serve(true, () => replies.shift() as Response);
    renderHarness();
    fireEvent.click(await screen.findByTitle('Start Recording'));
    fireEvent.click(await screen.findByTitle('Stop Recording'));
    expect((await screen.findByRole('alert')).textContent).toBe('No speech detected. Please try again.');
    fireEvent.click(await screen.findByTitle('Start Recording'));
    fireEvent.click(await screen.findByTitle('Stop Recording'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Error transcribing audio. Please try again.'));
    expect(screen.getByTestId('text').textContent).toBe('Fan broken.');
  });

  it('says the microphone could not be used when permission is refused, and sends nothing', async () => {
    withMicrophone();
    getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    const fetch = serve(true);
    renderHarness();
    fireEvent.click(await screen.findByTitle('Start Recording'));
    expect((await screen.findByRole('alert')).textContent).toBe('Error accessing microphone. Please ensure microphone permissions are granted.');
    expect(transcriptions(fetch)).toHaveLength(0);
  });
});

describe('voice input without a provider on the server', () => {
  it('shows an honest note and no microphone button when the browser has no speech recognition either', async () => {
    withMicrophone();
    serve(false);
    renderHarness();
    expect((await screen.findByTestId('voice-unavailable')).textContent).toBe('Voice input is not available on this server. Please type instead.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('does not even ask the server when this browser cannot record', () => {
    const fetch = serve(true);
    renderHarness();
    expect(screen.getByTestId('voice-unavailable')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('uses the browser’s recognition, in Indian Hindi, and stops offering it once its service proves missing', async () => {
    const started: { lang: string; onerror: ((e: { error: string }) => void) | null; onend: (() => void) | null }[] = [];
    class FakeRecognition {
      lang = '';
      onerror: ((e: { error: string }) => void) | null = null;
      onend: (() => void) | null = null;
      onresult = null;
      start() {
        started.push(this);
      }
      stop() {
        this.onend?.();
      }
      abort() {
        this.onend?.();
      }
    }
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    withMicrophone();
    serve(false);
    renderHarness();
    fireEvent.click(await screen.findByTitle('Start Recording'));
    expect(started[0].lang).toBe('hi-IN');
    expect(screen.getByText('Listening… speak now.')).toBeTruthy();
    act(() => {
      started[0].onerror?.({ error: 'network' });
      started[0].onend?.();
    });
    expect(screen.getByRole('alert').textContent).toBe('Error transcribing audio. Please try again.');
    expect(screen.getByTestId('voice-unavailable')).toBeTruthy();
    expect(screen.queryByTitle('Start Recording')).toBeNull();
  });
});
