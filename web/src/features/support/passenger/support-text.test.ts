import type { SupportSession } from '@railmadad/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { chatDraftFields, chatSessionOf } from './file-from-chat';
import { ongoingSession, stageOf, supportErrorText, waitText } from './support-text';

// Echoes the key and its options, so the tests see which sentence was chosen with what.
const t = ((key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key)) as unknown as TFunction;

describe('waitText', () => {
  it('says it is still estimating when there is nothing to estimate from', () => {
    expect(waitText(t, null)).toBe('support.waiting.estimating');
  });
  it('rounds to whole minutes, then hours', () => {
    expect(waitText(t, 20)).toBe('support.waiting.underMinute');
    expect(waitText(t, 170)).toBe('support.waiting.aboutMinutes {"count":3}');
    expect(waitText(t, 3600 * 2 + 60)).toBe('support.waiting.aboutHours {"count":2}');
  });
});

const session = (id: string, extra: Partial<SupportSession>) => ({ id, status: 'ended', leftMessage: false, createdAt: '2026-01-01T10:00:00Z', ...extra }) as SupportSession;

describe('ongoingSession', () => {
  it('brings the passenger back to a live chat first, never to a message left for later', () => {
    const found = ongoingSession([
      session('left', { status: 'waiting', leftMessage: true, createdAt: '2026-01-03T10:00:00Z' }),
      session('live', { status: 'active' }),
      session('old', {}),
    ]);
    expect(found?.id).toBe('live');
  });
  it('is null when every session has ended or only waits as a message', () => {
    expect(ongoingSession([session('a', {}), session('b', { status: 'waiting', leftMessage: true })])).toBeNull();
    expect(ongoingSession([session('q', { status: 'waiting' })])?.id).toBe('q');
  });
  it('tells the stage from the status and the left message', () => {
    expect(stageOf({ status: 'waiting', leftMessage: false })).toBe('queue');
    expect(stageOf({ status: 'waiting', leftMessage: true })).toBe('leftMessage');
    expect(stageOf({ status: 'active', leftMessage: true })).toBe('active');
  });
});

describe('supportErrorText', () => {
  const exists = (key: string) => key === 'support.errors.already_open';
  it('translates a code it knows and shows the server sentence for a refusal', () => {
    expect(supportErrorText(t, exists, new ApiError(409, 'already_open', 'x'))).toBe('support.errors.already_open');
    expect(supportErrorText(t, exists, new ApiError(409, 'other', 'Server says no'))).toBe('Server says no');
    expect(supportErrorText(t, exists, new ApiError(0, 'network', ''))).toBe('errors.network');
    expect(supportErrorText(t, exists, new Error('boom'))).toBe('support.errors.failed');
  });
});

describe('a chat handed to the filing form', () => {
  it('fills only well-formed fields and cuts nothing else', () => {
    const state = { draft: { type: 'water', description: 'No water in B2', trainNumber: '12951', pnr: '12345' }, supportSessionId: 's1' };
    expect(chatDraftFields(state)).toEqual({ type: 'water', description: 'No water in B2', trainNumber: '12951', pnr: '' });
    expect(chatSessionOf(state)).toBe('s1');
  });
  it('is nothing when the page was opened another way', () => {
    expect(chatDraftFields(null)).toBeNull();
    expect(chatDraftFields({ message: 'x' })).toBeNull();
    expect(chatSessionOf(undefined)).toBeNull();
  });
  it('leaves the type alone when the draft has none', () => {
    expect(chatDraftFields({ draft: { type: null, description: 'x', trainNumber: null, pnr: null } })).toEqual({ description: 'x', trainNumber: '', pnr: '' });
  });
});
