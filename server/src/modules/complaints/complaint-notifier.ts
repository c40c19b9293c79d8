import type { NotificationKind } from '@railmadad/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { user, userSettings } from '../../db/schema';
import type { NotificationsService } from '../notifications/notifications.service';
import type { Messenger } from '../outbox/outbox.service';

const PLACEHOLDER_EMAIL = /@phone\.railmadad\.invalid$/;

export type ComplaintNotifier = ReturnType<typeof createComplaintNotifier>;

/**
 * Tells a person about a complaint (or a live-support reply): always in the bell (live over the socket), and by SMS and
 * e-mail when their settings ask for it. Delivery problems never undo the change itself.
 */
export function createComplaintNotifier(deps: { db: Db; notifications: NotificationsService; messenger: Messenger; publicUrl: string }) {
  const { db, notifications, messenger } = deps;

  async function tell(
    userId: string,
    kind: NotificationKind,
    params: Record<string, string>,
    message: { text: string; subject: string; mobile?: string | null },
    options: { forceSms?: boolean; link?: string } = {},
  ) {
    const path = options.link ?? (params.reference ? `/complaints/${params.reference}` : null);
    await notifications.notify(userId, kind, params, path);
    const [person] = await db
      .select({ email: user.email, phoneNumber: user.phoneNumber, phone: user.phone, sms: userSettings.smsNotifications, mail: userSettings.emailNotifications })
      .from(user)
      .leftJoin(userSettings, eq(userSettings.userId, user.id))
      .where(eq(user.id, userId));
    if (!person) return;
    const link = path ? `${deps.publicUrl}${path}` : deps.publicUrl;
    const mobile = message.mobile ?? person.phoneNumber ?? person.phone;
    if ((person.sms !== false || options.forceSms) && mobile) await messenger.sendSms({ to: mobile, text: `Rail Madad: ${message.text}` });
    if (person.mail !== false && !PLACEHOLDER_EMAIL.test(person.email)) {
      await messenger.sendEmail({ to: person.email, subject: message.subject, text: `${message.text}\n\nFollow it here: ${link}\n\nRail Madad · Helpline 139` });
    }
  }

  return {
    tell,
    /** Every admin hears of an emergency at once, in the bell. */
    async alertAdmins(params: Record<string, string>) {
      const admins = await db.select({ id: user.id }).from(user).where(inArray(user.role, ['admin']));
      await Promise.all(admins.map((a) => notifications.notify(a.id, 'complaint_emergency', params, `/complaints/${params.reference}`)));
    },
  };
}
