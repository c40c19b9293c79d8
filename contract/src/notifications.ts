import type { TrainingStatus } from './classification';
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
};
export type ClientToServerEvents = Record<string, never>;
