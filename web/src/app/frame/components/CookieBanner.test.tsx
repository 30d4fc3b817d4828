import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CookieBanner } from './CookieBanner';

const notice = 'We use cookies to ensure you get the best experience on our website.';

describe('CookieBanner', () => {
  it('shows the notice with a privacy policy link until Okay! is pressed, and remembers the choice', () => {
    const first = renderWithProviders(<CookieBanner />);
    expect(screen.getByText(notice)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy-policy');

    fireEvent.click(screen.getByRole('button', { name: 'Okay!' }));
    expect(screen.queryByText(notice)).not.toBeInTheDocument();
    expect(localStorage.getItem('cookieAccepted')).toBe('true');

    first.unmount();
    renderWithProviders(<CookieBanner />);
    expect(screen.queryByText(notice)).not.toBeInTheDocument();
  });
});
