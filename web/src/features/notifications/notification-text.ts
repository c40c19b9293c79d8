import type { Notification } from '@railmadad/contract';
import type { TFunction } from 'i18next';

/** A notification's text in the reader's language, built from its kind and parameters. */
export const notificationText = (t: TFunction, n: Notification) =>
  t(`notifications.kinds.${n.kind}`, { ...n.params, ...(n.params.status ? { status: t(`status.${n.params.status}`) } : {}) });
