import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { Footer } from './Footer';

describe('Footer', () => {
  it('links the six site pages and carries the current year', () => {
    renderWithProviders(<Footer />);
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/about-us', '/contact-us', '/dmca', '/terms-of-service', '/privacy-policy', '/disclaimer']);
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} `))).toBeInTheDocument();
  });
});
