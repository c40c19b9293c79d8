import { afterEach, describe, expect, it, vi } from 'vitest';
import { assistantDraftFields, linkComplaintToAssistant } from './assistant-draft';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('assistantDraftFields', () => {
  it('is nothing when the form was opened otherwise (or from a live chat)', () => {
    expect(assistantDraftFields(null)).toBeNull();
    expect(assistantDraftFields({ draft: { type: 'water' }, supportSessionId: 's1' })).toBeNull();
  });

  it('puts every field of the draft into the matching form field', () => {
    const state = {
      conversationId: 'c1',
      assistantDraft: {
        type: 'coach-cleanliness',
        severity: 'high',
        where: 'train',
        trainNumber: '12951',
        pnr: '2345678901',
        location: 'Coach S3, toilet',
        incidentDate: '2026-11-20',
        description: 'Toilet in coach S3 is very dirty.',
      },
    };
    expect(assistantDraftFields(state)).toEqual({
      type: 'coach-cleanliness',
      severity: 'high',
      where: 'train',
      trainNumber: '12951',
      pnr: '2345678901',
      location: 'Coach S3, toilet',
      incidentDate: '2026-11-20',
      description: 'Toilet in coach S3 is very dirty.',
    });
  });

  it('turns a UTS ticket without a PNR into the unreserved form, and a station into a station complaint', () => {
    expect(assistantDraftFields({ assistantDraft: { type: null, utsNumber: 'x1-23ab', description: 'd' } })).toMatchObject({ utsNumber: 'X123AB', isUnreserved: true });
    expect(assistantDraftFields({ assistantDraft: { type: 'amenities', station: 'Kota Jn', description: 'Lift broken' } })).toMatchObject({ where: 'station', station: 'Kota Jn' });
  });

  it('leaves out what the form could not show, and cuts what is too long', () => {
    const fields = assistantDraftFields({
      assistantDraft: { type: 'spaceship', severity: 'urgent', where: 'air', trainNumber: '12 951 7', pnr: 'PNR', incidentDate: '20/11/2026', description: 'x'.repeat(3000), location: 'y'.repeat(300) },
    });
    expect(fields).toEqual({ trainNumber: '12951', description: 'x'.repeat(2000), location: 'y'.repeat(200) });
  });
});

describe('linkComplaintToAssistant', () => {
  it('links a complaint filed from the assistant’s draft once, and nothing else', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } }));
    const state = { assistantDraft: { type: 'water', description: 'No water' }, conversationId: 'c1' };
    await linkComplaintToAssistant(state, 'CMP1001');
    await linkComplaintToAssistant(state, 'CMP1002');
    await linkComplaintToAssistant({ draft: {}, supportSessionId: 's1' }, 'CMP1003');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0][0]).toBe('/api/assistant/conversations/current/link');
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({ reference: 'CMP1001' });
  });

  it('never fails the filing when the link cannot be made', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(linkComplaintToAssistant({ assistantDraft: { type: null, description: 'd' } }, 'CMP1')).resolves.toBeUndefined();
  });
});
