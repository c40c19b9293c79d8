import { COMPLAINT_TYPES, DESCRIPTION_MAX, type SupportComplaintDraft } from '@railmadad/contract';
import { api } from '../../../lib/api';

/** What "File as complaint" in a live-support chat hands the filing page in the router's state. */
export type ChatComplaintState = { draft: SupportComplaintDraft; supportSessionId: string };

/** The filing form's fields a chat's draft fills; nothing when the page was opened otherwise. */
export function chatDraftFields(state: unknown): { type?: string; description: string; trainNumber: string; pnr: string } | null {
  if (!state || typeof state !== 'object' || !('draft' in state)) return null;
  const draft = (state as { draft: unknown }).draft;
  if (!draft || typeof draft !== 'object') return null;
  const d = draft as Partial<Record<keyof SupportComplaintDraft, unknown>>;
  const digits = (v: unknown, length: number) => (typeof v === 'string' && new RegExp(`^\\d{${length}}$`).test(v) ? v : '');
  const type = COMPLAINT_TYPES.find((c) => c === d.type);
  return {
    ...(type ? { type } : {}),
    description: typeof d.description === 'string' ? d.description.slice(0, DESCRIPTION_MAX) : '',
    trainNumber: digits(d.trainNumber, 5),
    pnr: digits(d.pnr, 10),
  };
}

/** The chat the complaint was filed from, if any. */
export const chatSessionOf = (state: unknown): string | null =>
  state && typeof state === 'object' && 'supportSessionId' in state && typeof state.supportSessionId === 'string' ? state.supportSessionId : null;

/** Best effort: staff then see the transcript on the complaint; a failure must not spoil the filing. */
export async function linkComplaintToChat(state: unknown, reference: string): Promise<void> {
  const sessionId = chatSessionOf(state);
  if (!sessionId) return;
  await api(`/api/support/sessions/${encodeURIComponent(sessionId)}/link-complaint`, { body: { reference } }).catch(() => undefined);
}
