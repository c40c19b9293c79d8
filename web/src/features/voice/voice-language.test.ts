import { LANGUAGES } from '@railmadad/contract';
import { describe, expect, it } from 'vitest';
import { browserSpeechLanguage, voiceLanguage } from './voice-language';

describe('voiceLanguage', () => {
  it('tells the server the interface language, without a region', () => {
    expect(voiceLanguage('hi')).toBe('hi');
    expect(voiceLanguage('ta-IN')).toBe('ta');
    expect(voiceLanguage('EN-gb')).toBe('en');
  });

  it('falls back to English for a language that is not one of ours, or none', () => {
    expect(voiceLanguage('fr')).toBe('en');
    expect(voiceLanguage(undefined)).toBe('en');
    expect(voiceLanguage('')).toBe('en');
  });

  it('keeps every interface language as it is', () => {
    for (const language of LANGUAGES) expect(voiceLanguage(language)).toBe(language);
  });
});

describe('browserSpeechLanguage', () => {
  it('asks the browser for the Indian variant, never en-US, and Nepal’s Nepali', () => {
    expect(browserSpeechLanguage('en')).toBe('en-IN');
    expect(browserSpeechLanguage('hi')).toBe('hi-IN');
    expect(browserSpeechLanguage('bn')).toBe('bn-IN');
    expect(browserSpeechLanguage('ne')).toBe('ne-NP');
    expect(browserSpeechLanguage('de')).toBe('en-IN');
  });
});
