import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exactTime } from '../time/exact-time';
import { TICK_MS } from '../time/use-now';
import { RelativeTime } from './RelativeTime';

describe('RelativeTime', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:40.000Z'), toFake: ['setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows how long ago, with the exact time in dateTime and as title under a pointer, and keeps it current on one timer for the page', () => {
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    const clearInterval = vi.spyOn(globalThis, 'clearInterval');
    const times = ['2026-01-01T00:00:00.000Z', '2025-12-31T23:58:40.000Z', '2025-12-31T22:00:00.000Z'];
    const { unmount } = render(
      <>
        {times.map((time) => (
          <RelativeTime key={time} time={time} />
        ))}
      </>,
    );
    const shown = () => screen.getAllByText(/ago$/).map((element) => element.textContent);
    expect(shown()).toEqual(['40 seconds ago', '2 minutes ago', '2 hours ago']);
    const first = screen.getByText('40 seconds ago');
    expect(first.tagName).toBe('TIME');
    expect(first).toHaveAttribute('dateTime', times[0]);
    // Formatted only when a pointer comes over it (the browser's date formatting is slow to start).
    expect(first).not.toHaveAttribute('title');
    fireEvent.pointerEnter(first);
    expect(first).toHaveAttribute('title', exactTime(times[0]));
    expect(setInterval).toHaveBeenCalledTimes(1);
    expect(setInterval).toHaveBeenCalledWith(expect.any(Function), TICK_MS);

    act(() => vi.advanceTimersByTime(TICK_MS));
    expect(shown()).toEqual(['1 minute ago', '2 minutes ago', '2 hours ago']);
    act(() => vi.advanceTimersByTime(TICK_MS));
    expect(shown()).toEqual(['1 minute ago', '3 minutes ago', '2 hours ago']);
    expect(setInterval).toHaveBeenCalledTimes(1);

    // The timer stops with the last time on the page.
    unmount();
    expect(clearInterval).toHaveBeenCalledTimes(1);
  });

  it('catches up at once when the tab comes back to the front', () => {
    render(<RelativeTime time="2026-01-01T00:00:00.000Z" />);
    expect(screen.getByText('40 seconds ago')).toBeInTheDocument();
    vi.setSystemTime(new Date('2026-01-01T00:10:00.000Z'));
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(screen.getByText('10 minutes ago')).toBeInTheDocument();
  });
});
