import { type AssistantDraft, COMPLAINT_TYPES, DESCRIPTION_MAX, SEVERITIES, type Severity, WHERE } from '@railmadad/contract';
import { api } from '../../lib/api';

/** What "Open the prefilled form" under an answer hands the filing page in the router's state. */
export type AssistantFilingState = { assistantDraft: AssistantDraft; conversationId: string | null };

/** The filing form's fields a draft fills (the names of web/src/features/complaints/filing/complaint-form.ts). */
export type AssistantDraftFields = {
  type?: string;
  severity?: Severity;
  where?: 'train' | 'station';
  trainNumber?: string;
  pnr?: string;
  isUnreserved?: boolean;
  utsNumber?: string;
  station?: string;
  location?: string;
  incidentDate?: string;
  description?: string;
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The draft the page was opened with, or null when it was opened otherwise. */
export function assistantDraftOf(state: unknown): Record<string, unknown> | null {
  if (!isRecord(state) || !isRecord(state.assistantDraft)) return null;
  return state.assistantDraft;
}

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');
const digits = (value: unknown, max: number) => (typeof value === 'string' ? value.replace(/\D/g, '').slice(0, max) : '');

/**
 * Every field of the assistant's draft in the form's own shape and limits; a field the draft
 * lacks, or holds in a shape the form cannot show, is left to the form's default. The form
 * still checks it all and the passenger still submits.
 */
export function assistantDraftFields(state: unknown): AssistantDraftFields | null {
  const d = assistantDraftOf(state);
  if (!d) return null;
  const out: AssistantDraftFields = {};
  const type = COMPLAINT_TYPES.find((c) => c === d.type);
  if (type) out.type = type;
  const severity = SEVERITIES.find((s) => s === d.severity);
  if (severity) out.severity = severity;
  const where = WHERE.find((w) => w === d.where);
  if (where) out.where = where;
  const train = digits(d.trainNumber, 5);
  if (train) out.trainNumber = train;
  const pnr = digits(d.pnr, 10);
  if (pnr) out.pnr = pnr;
  const uts = typeof d.utsNumber === 'string' ? d.utsNumber.replace(/[^A-Za-z0-9]/g, '').toUpperCase().slice(0, 20) : '';
  if (uts) {
    out.utsNumber = uts;
    // An unreserved ticket and no PNR: the form shows the UTS field instead of the PNR.
    if (!pnr) out.isUnreserved = true;
  }
  const station = text(d.station, 100);
  if (station) {
    out.station = station;
    out.where ??= 'station';
  }
  const location = text(d.location, 200);
  if (location) out.location = location;
  if (typeof d.incidentDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d.incidentDate)) out.incidentDate = d.incidentDate;
  const description = text(d.description, DESCRIPTION_MAX);
  if (description) out.description = description;
  return out;
}

const linked = new WeakSet<object>();

/**
 * After the form filed the complaint, staff see on it the conversation it came from. Best
 * effort and once per opening of the form: a failure must not spoil the filing.
 */
export async function linkComplaintToAssistant(state: unknown, reference: string): Promise<void> {
  if (!assistantDraftOf(state) || linked.has(state as object)) return;
  linked.add(state as object);
  await api('/api/assistant/conversations/current/link', { body: { reference } }).catch(() => undefined);
}
