import type { Language } from '@railmadad/contract';
import { z } from 'zod';

/**
 * Speech to text for voice input: the browser records, the server sends the audio to one of
 * these and answers the text. Deepgram's hosted API, or any server that speaks OpenAI's
 * `/audio/transcriptions` (OpenAI itself, or a self-hosted Whisper such as faster-whisper-server
 * or whisper.cpp's server, so the audio never leaves the operator's machines). docs/voice.md
 */
export type SpeechConfig = {
  deepgram?: { apiKey: string; baseUrl: string };
  openai?: { baseUrl: string; apiKey?: string; model: string };
};

export type Transcript = { transcript: string; language: string };

export type SpeechProvider = {
  name: string;
  /** `language` is an interface language (contract LANGUAGES); each provider maps it to its own code. */
  transcribe(audio: Buffer, contentType: string, language: string): Promise<Transcript>;
};

export type SpeechErrorKind = 'http' | 'network' | 'timeout' | 'answer';

export class SpeechError extends Error {
  constructor(
    readonly kind: SpeechErrorKind,
    message: string,
    /** The provider's HTTP status, for `http`. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** What browsers' MediaRecorder produces (Chrome and Firefox: WebM/Ogg Opus; Safari: MP4 AAC), plus WAV and MP3. */
export const SPEECH_CONTENT_TYPES = ['audio/webm', 'audio/ogg', 'audio/wav', 'audio/mp4', 'audio/mpeg'] as const;
export type SpeechContentType = (typeof SPEECH_CONTENT_TYPES)[number];

/** The media type without parameters: `audio/webm;codecs=opus` → `audio/webm`. */
export const mediaType = (contentType: string | undefined) => (contentType ?? '').split(';')[0].trim().toLowerCase();

export const isSpeechContentType = (contentType: string | undefined): contentType is SpeechContentType =>
  (SPEECH_CONTENT_TYPES as readonly string[]).includes(mediaType(contentType));

/**
 * Deepgram's codes for the interface languages it has a Nova-3 model for. English is Indian
 * English, not en-US.
 */
export const DEEPGRAM_MODEL = 'nova-3';
const DEEPGRAM_LANGUAGES: Partial<Record<Language, string>> = {
  en: 'en-IN',
  hi: 'hi',
  bn: 'bn',
  te: 'te',
  ta: 'ta',
  mr: 'mr',
  gu: 'gu',
  kn: 'kn',
  pa: 'pa',
  ur: 'ur',
  ne: 'ne',
};

/**
 * Deepgram's language for an interface language. Malayalam, Assamese, Odia, Sanskrit and
 * Sindhi have no Deepgram model: those go as `multi` (Nova-3's code-switching model, which
 * hears Hindi and English mixed, the fallback most of those passengers speak).
 */
export const deepgramLanguage = (language: string) => DEEPGRAM_LANGUAGES[language as Language] ?? 'multi';
export const hasDeepgramModel = (language: string) => language in DEEPGRAM_LANGUAGES;

/** Whisper takes ISO 639-1 codes and knows every interface language except Odia. */
const WHISPER_LANGUAGES = new Set<string>(['en', 'hi', 'bn', 'te', 'ta', 'mr', 'gu', 'kn', 'ml', 'pa', 'ur', 'as', 'sa', 'ne', 'sd']);

/** Whisper's language for an interface language; undefined (Odia) lets it detect the language itself. */
export const whisperLanguage = (language: string) => (WHISPER_LANGUAGES.has(language) ? language : undefined);

/** File names tell OpenAI-compatible servers the format (several look at the extension only). */
const EXTENSIONS: Record<SpeechContentType, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/mp4': 'mp4',
  'audio/mpeg': 'mp3',
};

const deepgramAnswer = z.object({
  results: z.object({
    channels: z.array(z.object({ alternatives: z.array(z.object({ transcript: z.string() })).min(1) })).min(1),
  }),
});
const openaiAnswer = z.object({ text: z.string() });

export type SpeechOptions = {
  /** Per attempt; the passenger is waiting with the form open. */
  timeoutMs?: number;
  /** Before the one retry of a network error or a 5xx (a 4xx or a timeout is not retried). */
  retryDelayMs?: number;
};

async function send(url: string, init: RequestInit, options: Required<SpeechOptions>): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    let failure: SpeechError;
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
      const text = await response.text();
      if (response.ok) {
        try {
          return JSON.parse(text);
        } catch {
          throw new SpeechError('answer', 'answer is not JSON');
        }
      }
      failure = new SpeechError('http', `HTTP ${response.status}: ${text.slice(0, 200)}`, response.status);
      if (response.status < 500) throw failure;
    } catch (error) {
      if (error instanceof SpeechError) {
        if (error.kind !== 'http' || (error.status ?? 0) < 500) throw error;
        failure = error;
      } else if ((error as Error).name === 'TimeoutError') {
        throw new SpeechError('timeout', `no answer in ${options.timeoutMs} ms`);
      } else {
        failure = new SpeechError('network', `network: ${(error as Error).message}`);
      }
    }
    if (attempt >= 2) throw failure;
    await new Promise((r) => setTimeout(r, options.retryDelayMs));
  }
}

const withDefaults = (options: SpeechOptions): Required<SpeechOptions> => ({ timeoutMs: options.timeoutMs ?? 20_000, retryDelayMs: options.retryDelayMs ?? 500 });

/** Deepgram's pre-recorded API: the raw audio as the body, options in the query. */
export function createDeepgramSpeech(config: NonNullable<SpeechConfig['deepgram']>, options: SpeechOptions = {}): SpeechProvider {
  const opts = withDefaults(options);
  return {
    name: 'deepgram',
    async transcribe(audio, contentType, language) {
      const code = deepgramLanguage(language);
      const query = new URLSearchParams({ model: DEEPGRAM_MODEL, language: code, smart_format: 'true' });
      const answer = await send(
        `${config.baseUrl}/v1/listen?${query}`,
        { method: 'POST', headers: { authorization: `Token ${config.apiKey}`, 'content-type': contentType }, body: new Uint8Array(audio) },
        opts,
      );
      const parsed = deepgramAnswer.safeParse(answer);
      if (!parsed.success) throw new SpeechError('answer', 'answer has no results.channels[0].alternatives[0].transcript');
      return { transcript: parsed.data.results.channels[0].alternatives[0].transcript.trim(), language: code };
    },
  };
}

/** OpenAI's `POST /audio/transcriptions` (multipart), which self-hosted Whisper servers copy. */
export function createOpenAiSpeech(config: NonNullable<SpeechConfig['openai']>, options: SpeechOptions = {}): SpeechProvider {
  const opts = withDefaults(options);
  return {
    name: 'openai',
    async transcribe(audio, contentType, language) {
      const code = whisperLanguage(language);
      const type = mediaType(contentType);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(audio)], { type: contentType }), `speech.${EXTENSIONS[type as SpeechContentType] ?? 'webm'}`);
      form.append('model', config.model);
      if (code) form.append('language', code);
      form.append('response_format', 'json');
      const answer = await send(
        `${config.baseUrl}/audio/transcriptions`,
        { method: 'POST', headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}, body: form },
        opts,
      );
      const parsed = openaiAnswer.safeParse(answer);
      if (!parsed.success) throw new SpeechError('answer', 'answer has no text');
      return { transcript: parsed.data.text.trim(), language: code ?? 'auto' };
    },
  };
}

/**
 * The provider the configuration asks for. With both, each language goes where it is heard
 * best: Deepgram for the languages it has a model for, the OpenAI-compatible server for the rest.
 */
export function createSpeechProvider(config: SpeechConfig, options: SpeechOptions = {}): SpeechProvider | undefined {
  const deepgram = config.deepgram ? createDeepgramSpeech(config.deepgram, options) : undefined;
  const openai = config.openai ? createOpenAiSpeech(config.openai, options) : undefined;
  if (deepgram && openai) {
    return {
      name: 'deepgram+openai',
      transcribe: (audio, contentType, language) => (hasDeepgramModel(language) ? deepgram : openai).transcribe(audio, contentType, language),
    };
  }
  return deepgram ?? openai;
}
