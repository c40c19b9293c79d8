import { isLanguage, type Language, type NotificationKind } from '@railmadad/contract';
import { eq, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { Messages } from '../../lib/messages';
import { user, userSettings } from '../../db/schema';
import type { NotificationsService } from '../notifications/notifications.service';
import type { Messenger, OutgoingMessage } from '../outbox/outbox.service';
import { isPhoneOnlyEmail } from '../../auth/auth';

export type ComplaintNotifier = ReturnType<typeof createComplaintNotifier>;

/** Work for after a commit: ring a bell live, wake the outbox worker. */
export type AfterCommit = () => void;

/**
 * What the SMS and e-mail say: a `notice.<key>` of server/locales, with its parameters. A parameter that is a
 * function is worked out in the recipient's language (a status word, say) from the messages it is handed.
 */
export type Notice = {
  key: string;
  params: Record<string, string | number | ((t: (key: string) => string) => string)>;
  /** The mobile the complaint was filed with, when it is not the account's. */
  mobile?: string | null;
};

/** What telling a person needs to know of them: where to reach them, and what their settings allow. */
export type Recipient = { email: string | null; phoneNumber: string | null; phone: string | null; sms: boolean | null; mail: boolean | null; language: string | null };

/** A `Recipient` in a select from `user` left-joined to `user_settings`. */
export const recipientColumns = {
  email: user.email,
  phoneNumber: user.phoneNumber,
  phone: user.phone,
  sms: userSettings.smsNotifications,
  mail: userSettings.emailNotifications,
  language: userSettings.language,
};

export type TellOptions = {
  forceSms?: boolean;
  link?: string;
  /** The person, when the caller has read them already (auto-assignment reads them with its choice): no read here. */
  recipient?: Recipient;
};

/**
 * Tells a person about a complaint (or a live-support reply): always in the bell (live over the socket), and by SMS and
 * e-mail when their settings ask for it. `tellIn` writes all of it in the caller's transaction, so a notice exists
 * exactly when the change it tells of does; nothing reaches anyone before the commit.
 */
export function createComplaintNotifier(deps: { db: Db; notifications: NotificationsService; messenger: Messenger; messages: Messages; publicUrl: string }) {
  const { db, notifications, messenger, messages } = deps;

  /** `defer`, when given, takes the outbox rows' insert to run later in the same transaction instead of now. */
  async function tellIn(
    tx: Tx,
    userId: string,
    kind: NotificationKind,
    params: Record<string, string>,
    notice: Notice,
    options: TellOptions = {},
    defer?: (write: SQLWrapper) => void,
  ): Promise<AfterCommit[]> {
    const path = options.link ?? (params.reference ? `/complaints/${params.reference}` : null);
    let person: Recipient & { createdAt: Date };
    let bell: ReturnType<typeof notifications.draft>;
    if (options.recipient) {
      // The person known, the bell's row needs no answer: its time is given here, and with `defer` it rides in a later statement.
      const createdAt = new Date();
      bell = notifications.draft(tx, userId, kind, params, path, createdAt);
      if (defer) defer(bell.insert);
      else await bell.insert;
      person = { ...options.recipient, createdAt };
    } else {
      bell = notifications.draft(tx, userId, kind, params, path);
      // The bell's row and the person's settings in one round trip: the insert runs in the select's `with`.
      const inserted = tx.$with('inserted').as(bell.insert);
      [person] = await tx
        .with(inserted)
        .select({ createdAt: inserted.createdAt, ...recipientColumns })
        .from(inserted)
        .leftJoin(user, eq(user.id, userId))
        .leftJoin(userSettings, eq(userSettings.userId, user.id));
    }
    const after: AfterCommit[] = [bell.written(person.createdAt).publish];
    // No such person (the left join found nobody; `email` is never null otherwise).
    if (person.email === null) return after;
    const language: Language = isLanguage(person.language) ? person.language : 'en';
    const values = Object.fromEntries(Object.entries(notice.params).map(([k, v]) => [k, typeof v === 'function' ? v((key) => messages.text(language, key)) : v]));
    const say = (part: 'subject' | 'text') => messages.text(language, `notice.${notice.key}.${part}`, values);
    const link = path ? `${deps.publicUrl}${path}` : deps.publicUrl;
    const mobile = notice.mobile ?? person.phoneNumber ?? person.phone;
    const outgoing: OutgoingMessage[] = [];
    if ((person.sms !== false || options.forceSms) && mobile) {
      outgoing.push({ channel: 'sms', to: mobile, text: messages.text(language, 'sms.wrap', { text: say('text') }) });
    }
    if (person.mail !== false && !isPhoneOnlyEmail(person.email)) {
      const text = [say('text'), messages.text(language, 'mail.followLink', { link }), messages.text(language, 'mail.signature')].join('\n\n');
      outgoing.push({ channel: 'email', to: person.email, subject: say('subject'), text });
    }
    // The SMS and the e-mail in one statement.
    const outbox = messenger.draftAllIn(tx, outgoing);
    if (outbox.insert && defer) defer(outbox.insert);
    else if (outbox.insert) await outbox.insert;
    after.push(...outbox.after);
    return after;
  }

  return {
    tellIn,

    /** On its own (a live-support reply): its own transaction, then the bell and the worker. */
    async tell(userId: string, kind: NotificationKind, params: Record<string, string>, notice: Notice, options: TellOptions = {}) {
      const after = await db.transaction((tx) => tellIn(tx, userId, kind, params, notice, options));
      for (const run of after) run();
    },

    /** Every admin hears at once, in the bell, of an emergency or of a new complaint nobody was given. */
    async alertAdminsIn(tx: Tx, params: Record<string, string>, kind: 'complaint_emergency' | 'complaint_unassigned' = 'complaint_emergency'): Promise<AfterCommit[]> {
      // One statement for every admin's bell, however many admins there are.
      const rows = await notifications.writeToRole(tx, 'admin', kind, params, `/complaints/${params.reference}`);
      const after: AfterCommit[] = rows.map((r) => r.publish);
      return after;
    },
  };
}
