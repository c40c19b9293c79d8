import type { TFunction } from 'i18next';
import { type CallEnd, formatCallTime } from './call-machine';

export type Peer = 'agent' | 'passenger';
export type CallNotice = { text: string; tone: 'info' | 'warning'; /** A plain "call ended" may go away by itself; a problem stays until read. */ autoClear: boolean };

/** What the screen says when a call is over, in the reader's language. */
export function endNotice(end: CallEnd, peer: Peer, t: TFunction): CallNotice {
  switch (end.kind) {
    case 'hangup':
      return { text: end.seconds > 0 ? t('calls.ended.withTime', { time: formatCallTime(end.seconds) }) : t('calls.ended.plain'), tone: 'info', autoClear: true };
    case 'cancelled':
      return end.by === 'me' ? { text: t('calls.ended.cancelled'), tone: 'info', autoClear: true } : { text: t(`calls.ended.missed.${peer}`), tone: 'warning', autoClear: false };
    case 'declined':
      return end.by === 'me' ? { text: t('calls.ended.youDeclined'), tone: 'info', autoClear: true } : { text: t(`calls.ended.declined.${peer}`), tone: 'warning', autoClear: false };
    case 'no-answer':
      return { text: t(`calls.ended.noAnswer.${peer}`), tone: 'warning', autoClear: false };
    case 'media':
      return { text: t(`calls.media.${end.problem}.${end.media}`), tone: 'warning', autoClear: false };
    case 'connect-failed':
      return { text: t('calls.ended.connectFailed'), tone: 'warning', autoClear: false };
    case 'peer-failed':
      if (end.reason === 'busy') return { text: t(`calls.ended.busy.${peer}`), tone: 'warning', autoClear: false };
      if (end.reason === 'media_denied' || end.reason === 'media_missing' || end.reason === 'media_busy' || end.reason === 'unsupported')
        return { text: t(`calls.ended.peerMedia.${peer}`), tone: 'warning', autoClear: false };
      return { text: t('calls.ended.connectFailed'), tone: 'warning', autoClear: false };
    case 'chat-ended':
      return { text: t('calls.ended.chatEnded'), tone: 'info', autoClear: false };
    case 'handed-over':
      return { text: t('calls.ended.handedOver'), tone: 'info', autoClear: false };
  }
}
