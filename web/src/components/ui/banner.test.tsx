import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_MS, Banner, type BannerMessage } from './banner';

function Harness({ initial }: { initial: BannerMessage }) {
  const [message, setMessage] = useState<BannerMessage | null>(initial);
  return <Banner message={message} onClear={() => setMessage(null)} />;
}

describe('Banner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows an error as an alert and clears it after 5 seconds', () => {
    render(<Harness initial={{ kind: 'error', text: 'Invalid verification code' }} />);
    expect(screen.getByRole('alert').textContent).toBe('Invalid verification code');
    act(() => vi.advanceTimersByTime(BANNER_MS - 1));
    expect(screen.getByRole('alert').textContent).toBe('Invalid verification code');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('banner').textContent).toBe('');
  });

  it('scrolls the page to the top when a message appears', () => {
    render(<Harness initial={{ kind: 'success', text: 'Saved' }} />);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(screen.getByRole('status').dataset.kind).toBe('success');
  });
});
