import type { AssistantComplaint, AssistantDraft, ComplaintStatus, ComplaintType, Role } from '@railmadad/contract';
import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { complaint, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ComplaintsService } from '../complaints/complaints.service';
import type { SupportService } from '../support/support.service';

/**
 * What the assistant can do, for one caller. Both engines (built-in and model) act only through
 * these, and every one of them checks ownership here, on the server: whatever a prompt says, a
 * caller reaches only their own complaints.
 */
/** A signed-in user, or an SMS sender: their number, and the account that number signs in to, if any. */
export type Caller = { id: string; role: Role; name: string; phone?: undefined } | { id: string | null; role: 'passenger'; name: string; phone: string };

export type Prediction = { category: ComplaintType; confidence: number; emergency: boolean };

export type LiveSupportResult = { sessionId: string; position: number | null; availableAgents: number; active: boolean; emergency: boolean };

export type AssistantTools = {
  /** The caller's own complaints: the given references / PNR, else the latest. */
  findComplaints(query: { references?: string[]; pnr?: string; trainNumber?: string; type?: ComplaintType; limit?: number }): Promise<{
    complaints: AssistantComplaint[];
    total: number;
    /** Every matching reference, newest first (up to 50), of which `complaints` are the first `limit`. */
    references: string[];
  }>;
  fileComplaint(draft: AssistantDraft, language: string): Promise<{ reference: string; emergency: boolean }>;
  startLiveSupport(input: { message: string; emergency: boolean; topic?: ComplaintType }): Promise<LiveSupportResult>;
  classify(text: string): Promise<Prediction | null>;
};

const EMERGENCY_TOPICS: ComplaintType[] = ['medical', 'security'];

export function createTools(deps: {
  db: Db;
  caller: Caller;
  complaints: ComplaintsService;
  support: SupportService;
  predict: (text: string) => Promise<Prediction | null>;
}): AssistantTools {
  const { db, caller } = deps;
  const assignee = alias(user, 'assignee');

  /** Whose complaints these are: the account's, or for an SMS sender with no account, those filed with the number. */
  const ownership = (): SQL => {
    if (caller.phone === undefined) return eq(complaint.passengerId, caller.id);
    return caller.id ? (or(eq(complaint.mobile, caller.phone), eq(complaint.passengerId, caller.id)) as SQL) : eq(complaint.mobile, caller.phone);
  };

  return {
    async findComplaints({ references, pnr, trainNumber, type, limit = 3 }) {
      if (caller.role !== 'passenger') return { complaints: [], total: 0, references: [] };
      const filters: SQL[] = [ownership()];
      if (references?.length) filters.push(inArray(complaint.reference, references.map((r) => r.toUpperCase())));
      else if (pnr) filters.push(eq(complaint.pnr, pnr));
      else if (trainNumber) filters.push(eq(complaint.trainNumber, trainNumber));
      else if (type) filters.push(eq(complaint.type, type));
      const rows = await db
        .select({
          reference: complaint.reference,
          type: complaint.type,
          status: complaint.status,
          assignee: assignee.name,
          dueAt: complaint.dueAt,
          updatedAt: complaint.updatedAt,
        })
        .from(complaint)
        .leftJoin(assignee, eq(assignee.id, complaint.assigneeId))
        .where(and(...filters))
        .orderBy(desc(complaint.createdAt))
        .limit(references?.length ? 10 : 50);
      return {
        total: rows.length,
        references: rows.map((r) => r.reference),
        complaints: rows.slice(0, references?.length ? 10 : limit).map((r) => ({
          reference: r.reference,
          type: r.type as ComplaintType,
          status: r.status as ComplaintStatus,
          assignee: r.assignee ?? null,
          dueAt: r.status === 'resolved' || r.status === 'closed' ? null : r.dueAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
        })),
      };
    },

    async fileComplaint(draft, language) {
      if (caller.id === null || caller.role !== 'passenger') throw new AppError('forbidden', 'Only passengers file complaints.');
      // By SMS the sender's number is the contact: updates go back to it.
      const input = { ...draft, type: draft.type ?? undefined, ...(caller.phone ? { mobile: caller.phone } : {}) };
      const { complaint: filed } = await deps.complaints.file({ id: caller.id, role: caller.role, name: caller.name }, input, [], { language });
      return { reference: filed.reference, emergency: filed.emergency };
    },

    async startLiveSupport({ message, emergency, topic }) {
      if (caller.id === null || caller.phone !== undefined || caller.role !== 'passenger') throw new AppError('forbidden', 'Live support is for passengers.');
      const session = await deps.support.start({ id: caller.id, role: caller.role, name: caller.name }, {
        type: 'chat',
        // An emergency the assistant saw goes to the head of the queue even when the words alone would not.
        topic: emergency ? (topic && EMERGENCY_TOPICS.includes(topic) ? topic : 'medical') : topic,
        message: message.slice(0, 2000),
      });
      return {
        sessionId: session.id,
        position: session.queuePosition,
        availableAgents: session.availableAgents,
        active: session.status === 'active',
        emergency: session.emergency,
      };
    },

    async classify(text) {
      return deps.predict(text).catch(() => null);
    },
  };
}
