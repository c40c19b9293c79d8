import type { TrainingStatus } from './classification';
import type { CallSignal, SupportAck, SupportMessage, SupportSession } from './support';
import { z } from 'zod';

/**
 * A notification names a translation key and its parameters, so the bell reads in the
 * passenger's own language, not in the language of whoever triggered it.
 */
export const NOTIFICATION_KINDS = [
  'welcome',
  'email_verified',
  'password_changed',
  'two_factor_enabled',
  'two_factor_disabled',
  'complaint_filed',
  'complaint_assigned',
  'complaint_resolved',
  'complaint_status',
  'complaint_note',
  'complaint_emergency',
  /** To admins: a new complaint that auto-assignment could not (or was not asked to) give anyone. */
  'complaint_unassigned',
  'support_reply',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  params: z.record(z.string(), z.string()),
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** Socket.io events, server to client and client to server. */
export type ServerToClientEvents = {
  'notification:new': (notification: Notification) => void;
  /** A complaint the receiver may see changed: lists and dashboards refetch. */
  'complaint:changed': (change: { reference: string; status: string }) => void;
  /** An admin's retraining of the classifier moved on (staff room). */
  'classifier:training': (status: TrainingStatus) => void;
  /** A live-support session the receiver takes part in changed (status, agent, place in the queue, read marks). */
  'support:session': (session: SupportSession) => void;
  'support:message': (message: SupportMessage) => void;
  'support:typing': (typing: { sessionId: string; sender: 'passenger' | 'agent' }) => void;
  /** To one agent: a waiting passenger is offered to them until the offer's time runs out. */
  'support:offer': (session: SupportSession) => void;
  /** Staff room: the queue, the sessions or an agent's presence changed; consoles refetch. */
  'support:changed': () => void;
  'call:signal': (signal: CallSignal) => void;
};
export type ClientToServerEvents = {
  'support:send': (message: { sessionId: string; body: string; clientId?: string; internal?: boolean }, ack: (result: SupportAck) => void) => void;
  'support:typing': (typing: { sessionId: string }) => void;
  /** The highest seq this screen has received (`read: false`) or shown to its reader. */
  'support:seen': (seen: { sessionId: string; seq: number; read?: boolean }) => void;
  'call:signal': (signal: CallSignal) => void;
};
