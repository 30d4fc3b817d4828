import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AD_MARKER_ID, AdBlockBanner } from './AdBlockBanner';

const text =
  'Thank you for supporting us! If you enjoy reading the translations on our site, please consider disabling adblocker or whitelisting us to fund the site!';

function addMarker() {
  const marker = document.createElement('div');
  marker.id = AD_MARKER_ID;
  document.body.append(marker);
}

describe('AdBlockBanner', () => {
  afterEach(() => document.getElementById(AD_MARKER_ID)?.remove());

  it('asks to allow ads when the ad-marker element is absent', () => {
    renderWithProviders(<AdBlockBanner />);
    expect(screen.getByRole('note')).toHaveTextContent(text);
  });

  it('shows nothing when the marker is there, and checks again when it goes', async () => {
    addMarker();
    renderWithProviders(<AdBlockBanner />);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await act(async () => document.getElementById(AD_MARKER_ID)?.remove());
    expect(await screen.findByRole('note')).toHaveTextContent(text);
  });
});
