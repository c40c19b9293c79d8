import type { CallSignal } from '@railmadad/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { CallControls, type CallControlsProps } from './call-controls';

/** The tab's shared socket, played by the test: what the screen emits, and events pushed to it. */
const socket = vi.hoisted(() => {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const emitted: { event: string; payload: unknown }[] = [];
  const fake = {
    emitted,
    on(event: string, handler: (payload: unknown) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)?.add(handler);
      return fake;
    },
    off(event: string, handler: (payload: unknown) => void) {
      handlers.get(event)?.delete(handler);
      return fake;
    },
    emit(event: string, payload: unknown) {
      emitted.push({ event, payload });
      return true;
    },
    push(event: string, payload: unknown) {
      for (const h of handlers.get(event) ?? []) h(payload);
    },
  };
  return fake;
});
vi.mock('../../../lib/socket', () => ({ useSocket: () => socket }));

const getUserMedia = vi.fn();

function show(props: Partial<CallControlsProps> = {}) {
  const defaults: CallControlsProps = { sessionId: 's1', role: 'passenger', media: 'chat' };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <input aria-label="Message" />
      <CallControls {...defaults} {...props} />
    </QueryClientProvider>,
  );
}

const signals = () => socket.emitted.filter((e) => e.event === 'call:signal').map((e) => (e.payload as CallSignal).signal);
const ring = (media: 'voice' | 'video') => act(() => socket.push('call:signal', { sessionId: 's1', signal: { kind: 'ring', media } }));

beforeAll(async () => {
  await initI18n({ screens: true });
});

beforeEach(() => {
  socket.emitted.length = 0;
  getUserMedia.mockReset();
  vi.stubGlobal('RTCPeerConnection', class {});
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ iceServers: [] }), { headers: { 'content-type': 'application/json' } })));
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CallControls', () => {
  it('offers small voice and video call buttons in a chat', () => {
    show();
    expect(screen.getByRole('button', { name: 'Voice call' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Video call' })).toBeTruthy();
  });

  it('gives the agent a prominent "Call passenger" in a video session, and tells the passenger to wait', () => {
    show({ role: 'agent', media: 'video' });
    expect(screen.getByRole('button', { name: /Call passenger/ })).toBeTruthy();
    cleanup();
    show({ role: 'passenger', media: 'video' });
    expect(screen.getByText('Waiting for the agent to call…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Video call' })).toBeTruthy();
  });

  it('shows nothing once the chat is no longer active', () => {
    show();
    act(() => socket.push('support:session', { id: 's1', status: 'ended' }));
    expect(screen.queryByRole('button', { name: 'Voice call' })).toBeNull();
  });

  it('rings with a focused alert dialog, and Decline tells the caller', async () => {
    show();
    await ring('video');
    const dialog = screen.getByRole('alertdialog', { name: 'Incoming video call' });
    expect(dialog.textContent).toContain('The support agent is calling you');
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(signals()).toEqual([{ kind: 'decline' }]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('call-notice').textContent).toContain('You declined the call');
  });

  it('explains a blocked microphone in plain words and tells the agent', async () => {
    getUserMedia.mockRejectedValue(Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' }));
    show();
    await ring('voice');
    fireEvent.click(screen.getByRole('button', { name: 'Answer' }));
    await waitFor(() =>
      expect(screen.getByTestId('call-notice').textContent).toContain('Your browser blocked the microphone. Allow it in the site settings and try again, or keep chatting.'),
    );
    expect(signals()).toEqual([{ kind: 'failed', reason: 'media_denied' }]);
    // The buttons stay usable: the passenger may try again.
    expect((screen.getByRole('button', { name: 'Voice call' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('call-notice')).toBeNull();
  });

  it('says who declined when the agent does', async () => {
    getUserMedia.mockResolvedValue({ getTracks: () => [], getAudioTracks: () => [], getVideoTracks: () => [] });
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Voice call' }));
    await waitFor(() => expect(signals()).toEqual([{ kind: 'ring', media: 'voice' }]));
    expect(screen.getByTestId('call-panel').getAttribute('data-phase')).toBe('ringing-out');
    expect(screen.getByTestId('remote-media').tagName).toBe('AUDIO');
    act(() => socket.push('call:signal', { sessionId: 's1', signal: { kind: 'decline' } }));
    expect(screen.getByTestId('call-notice').textContent).toContain('The agent declined the call');
    expect(screen.queryByTestId('call-panel')).toBeNull();
  });

  it('ignores signals of other sessions', () => {
    show();
    act(() => socket.push('call:signal', { sessionId: 'other', signal: { kind: 'ring', media: 'voice' } }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
