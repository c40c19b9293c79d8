import { browserStore, type Channel, createComplaintQueue, type Lock, type QueueMessage } from './offline-queue';
import { sendComplaint } from './send-complaint';

const NAME = 'railmadad-complaint-queue';

/** The Web Locks API makes a second tab wait instead of sending the same complaint alongside. */
const webLock: Lock = async (task) => (typeof navigator !== 'undefined' && navigator.locks ? await navigator.locks.request(NAME, task) : task());

function broadcastChannel(): Channel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel(NAME);
  return {
    post: (message) => channel.postMessage(message),
    listen: (handler) => {
      channel.onmessage = (event: MessageEvent<QueueMessage>) => handler(event.data);
    },
  };
}

/** The one queue of this tab: the filing page adds to it, the sender in the app layout empties it. */
export const complaintQueue = createComplaintQueue({
  store: browserStore(),
  send: sendComplaint,
  lock: webLock,
  // `false` is reliable (no network at all); `true` may still be a dead signal, which the send finds out.
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  channel: broadcastChannel(),
});
