import type { FormEvent, KeyboardEvent } from 'react';

/**
 * A chat box's sending: the form's submit, and Enter in the textarea (Shift+Enter is a new line,
 * and Enter while an input method is composing a word is the IME's). `enterSends` may say no,
 * e.g. on a phone keyboard whose Enter should make a new line.
 */
export function sendHandlers(canSend: boolean, onSend: () => void, enterSends: () => boolean = () => true) {
  return {
    onSubmit(event: FormEvent) {
      event.preventDefault();
      if (canSend) onSend();
    },
    onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
      if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || !enterSends()) return;
      event.preventDefault();
      if (canSend) onSend();
    },
  };
}
