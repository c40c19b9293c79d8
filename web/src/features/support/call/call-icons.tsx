import type { SVGProps } from 'react';
import { Icon, PathIcon } from '../../../components/ui/icons';

/** Line icons the call needs beyond the shared set (kept here so the other pages do not download them). */
const CALL_PATHS = {
  video: 'm15 10 5-3v10l-5-3M6 18h7a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2Z',
  videoOff: 'm15 10 5-3v10l-5-3M6 18h7a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2ZM3 3l18 18',
  mic: 'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3Zm-7 9a7 7 0 0 0 14 0m-7 7v3',
  micOff: 'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3Zm-7 9a7 7 0 0 0 14 0m-7 7v3M3 3l18 18',
  shrink: 'M4 14h6v6m10-10h-6V4m0 6 7-7M3 21l7-7',
  grow: 'M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7',
  signal: 'M4 20v-3m5 3v-7m5 7V9m5 11V4',
} as const;

export type CallIconName = keyof typeof CALL_PATHS | 'phone' | 'close';

export function CallIcon({ name, className = 'size-5', ...rest }: { name: CallIconName } & SVGProps<SVGSVGElement>) {
  return name === 'phone' || name === 'close' ? <Icon name={name} className={className} {...rest} /> : <PathIcon d={CALL_PATHS[name]} className={className} {...rest} />;
}

/** The handset turned down: "hang up" the world over. */
export function HangUpIcon({ className = 'size-6' }: { className?: string }) {
  return <CallIcon name="phone" className={`${className} rotate-[135deg]`} />;
}
