import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { DisclaimerPage } from './DisclaimerPage';
import { PrivacyPolicyPage } from './PrivacyPolicyPage';
import { TermsOfServicePage } from './TermsOfServicePage';

describe('legal pages', () => {
  it('privacy policy: last updated May 13, 2024, with every topic of the spec and the minimum age of 13', () => {
    renderWithProviders(<PrivacyPolicyPage />);
    expect(screen.getByText('Last updated: May 13, 2024')).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      'Usage data',
      'Cookies and local storage',
      'Retention of your data',
      'Transfer of your data',
      'Deleting your data',
      "Children's privacy",
      'Links to other websites',
      'Changes to this policy',
      'Contact us',
    ]);
    expect(screen.getByText(/Essential cookies \(session\)/)).toBeInTheDocument();
    expect(screen.getByText(/Cookie acceptance \(persistent\)/)).toBeInTheDocument();
    expect(screen.getByText(/Functionality \(persistent\)/)).toBeInTheDocument();
    expect(screen.getByText(/not meant for anyone under the age of 13/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /@/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
  });

  it('terms: minimum age 18, liability capped at 100 USD, 30 days notice, Malaysian law', () => {
    renderWithProviders(<TermsOfServicePage />);
    expect(screen.getByText(/at least 18 years old/)).toBeInTheDocument();
    expect(screen.getByText(/limited to 100 USD/)).toBeInTheDocument();
    expect(screen.getByText(/at least 30 days/)).toBeInTheDocument();
    expect(screen.getByText(/governed by the laws of Malaysia/)).toBeInTheDocument();
  });

  it("disclaimer: best of the team's ability, general information only, no warranty, reliance at the reader's risk", () => {
    renderWithProviders(<DisclaimerPage />);
    expect(screen.getByText(/to the best of our team's ability/)).toBeInTheDocument();
    expect(screen.getByText(/for general information only/)).toBeInTheDocument();
    expect(screen.getByText(/no representation or warranty of any kind/)).toBeInTheDocument();
    expect(screen.getByText(/strictly at your own risk/)).toBeInTheDocument();
  });
});
