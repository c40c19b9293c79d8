import type { Messages } from '../lib/messages';
import type { Auth } from '../auth/auth';
import type { Guards } from '../auth/session';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { StorageProvider } from '../providers/storage';
import type { AssignmentService } from './assignment/assignment.service';
import type { ComplaintChanges } from './complaints/complaint-changes';
import type { ComplaintNotifier } from './complaints/complaint-notifier';
import type { ComplaintsService } from './complaints/complaints.service';
import type { NotificationsService } from './notifications/notifications.service';
import type { Messenger } from './outbox/outbox.service';

/** What a feature module may use; app.ts builds it once and hands it to every module. */
export type ModuleDeps = {
  config: Config;
  db: Db;
  auth: Auth;
  guards: Guards;
  messenger: Messenger;
  messages: Messages;
  notifications: NotificationsService;
  notifier: ComplaintNotifier;
  complaints: ComplaintsService;
  /** The one writer of complaint changes (row, timeline, notices); see complaint-changes.ts. */
  changes: ComplaintChanges;
  storage: StorageProvider;
  /** Auto-assignment: call `assign(complaintId)` for complaints put back in the queue. */
  assignment: AssignmentService;
};
