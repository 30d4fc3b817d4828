import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AdSlot } from './AdSlot';

describe('AdSlot', () => {
  afterEach(() => vi.useRealTimers());

  it('appears only after 1 second', () => {
    vi.useFakeTimers();
    const { container } = renderWithProviders(<AdSlot name="top" />);
    act(() => vi.advanceTimersByTime(999));
    expect(container.querySelector('[data-ad-slot="top"]')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(container.querySelector('[data-ad-slot="top"]')).not.toBeNull();
  });
});
