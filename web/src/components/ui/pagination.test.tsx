import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { CursorPagination } from './pagination';

describe('CursorPagination', () => {
  beforeAll(() => initI18n());
  afterEach(cleanup);

  it('hands over the cursor of the way chosen, and cannot go back from the first page', () => {
    const onCursor = vi.fn();
    render(<CursorPagination list={{ next: 'n1', prev: null, total: 42, exact: true }} onCursor={onCursor} />);
    expect(screen.getByText('42 in all')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onCursor).toHaveBeenCalledWith('n1');
  });

  it('says "about" when the server estimated the size, and stops at the last page', () => {
    const onCursor = vi.fn();
    render(<CursorPagination list={{ next: null, prev: 'p1', total: 1234567, exact: false }} onCursor={onCursor} />);
    expect(screen.getByText(/^about 1[,\s]?2/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onCursor).toHaveBeenCalledWith('p1');
  });

  it('shows nothing when everything fits on one page', () => {
    const { container } = render(<CursorPagination list={{ next: null, prev: null, total: 3, exact: true }} onCursor={() => undefined} />);
    expect(container.textContent).toBe('');
  });
});
