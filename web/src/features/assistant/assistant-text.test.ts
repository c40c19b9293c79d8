import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, setLanguage } from '../../lib/i18n';
import { failureText, isNearBottom, speechLanguageOf, suggestionsBesideAction } from './assistant-text';

beforeAll(async () => {
  await initI18n({ screens: true });
});

describe('failureText', () => {
  it('uses the original prototype’s three wordings', () => {
    expect(failureText({ kind: 'unexpected' }, i18n.t)).toBe('An error occurred while processing your request.');
    expect(failureText({ kind: 'network' }, i18n.t)).toBe('Network error occurred. Please check your connection and try again.');
    expect(failureText({ kind: 'server', status: 400, code: 'something_new', message: 'The draft expired' }, i18n.t)).toBe('Error: The draft expired');
  });

  it('says a known code in the reader’s language', async () => {
    expect(failureText({ kind: 'server', status: 429, code: 'rate_limited', message: 'Too many requests' }, i18n.t)).toBe(
      'Error: You are sending messages very quickly. Please wait a minute and try again.',
    );
    expect(failureText({ kind: 'server', status: 400, code: 'validation_failed', message: 'Invalid body', fields: { message: 'too_long' } }, i18n.t)).toMatch(/too long/);
    await setLanguage('hi');
    try {
      expect(failureText({ kind: 'server', status: 429, code: 'rate_limited', message: 'Too many requests' }, i18n.t)).toBe(
        'त्रुटि: आप बहुत जल्दी-जल्दी संदेश भेज रहे हैं। कृपया एक मिनट रुककर फिर से कोशिश करें।',
      );
    } finally {
      await setLanguage('en');
    }
  });
});

describe('speechLanguageOf', () => {
  it('reads each answer with an Indian voice of its language, Hinglish with the English one', () => {
    expect(speechLanguageOf('hi')).toBe('hi-IN');
    expect(speechLanguageOf('ta')).toBe('ta-IN');
    expect(speechLanguageOf('en')).toBe('en-IN');
    expect(speechLanguageOf('hi-Latn')).toBe('en-IN');
  });
});

describe('isNearBottom', () => {
  it('is true only within the slack of the end', () => {
    expect(isNearBottom({ scrollHeight: 1000, scrollTop: 500, clientHeight: 450 })).toBe(true);
    expect(isNearBottom({ scrollHeight: 1000, scrollTop: 100, clientHeight: 450 })).toBe(false);
  });
});

describe('suggestionsBesideAction', () => {
  const draft = { type: 'water' as const, description: 'No water' };
  const suggestions = [
    { label: 'File it now', command: 'confirm_filing' as const },
    { label: "Don't file it", command: 'cancel_filing' as const },
    { label: 'Connect me to a live agent', command: 'live_support' as const },
    { label: 'How long will it take?' },
  ];

  it('leaves out the buttons the action card already shows', () => {
    expect(suggestionsBesideAction({ action: { kind: 'file_complaint', draft, missing: [] }, suggestions }).map((s) => s.label)).toEqual([
      "Don't file it",
      'Connect me to a live agent',
      'How long will it take?',
    ]);
    expect(suggestionsBesideAction({ action: { kind: 'call', number: '139', emergency: true }, suggestions }).map((s) => s.label)).toEqual([
      'File it now',
      "Don't file it",
      'How long will it take?',
    ]);
  });

  it('keeps them all when the card has no such button', () => {
    expect(suggestionsBesideAction({ action: { kind: 'file_complaint', draft, missing: ['location'] }, suggestions })).toHaveLength(4);
    expect(suggestionsBesideAction({ action: { kind: 'call', number: '139', emergency: false }, suggestions })).toHaveLength(4);
    expect(suggestionsBesideAction({ action: null, suggestions })).toHaveLength(4);
  });
});
