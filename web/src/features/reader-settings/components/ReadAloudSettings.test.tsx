import { fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeSpeech } from '../../../test/fake-speech';
import { NO_VOICES_TEXT } from '../speech';
import { ReadAloudSettings } from './ReadAloudSettings';

const renderSettings = () =>
  render(
    <Provider store={createStore()}>
      <ReadAloudSettings />
    </Provider>,
  );

describe('ReadAloudSettings', () => {
  let uninstall = () => undefined as void;
  afterEach(() => uninstall());

  it("lists the browser's voices and remembers the voice and speed chosen", async () => {
    uninstall = installFakeSpeech().uninstall;
    renderSettings();
    const voice = screen.getByRole('combobox', { name: 'Voice' });
    expect(await screen.findByRole('option', { name: 'Tenor (en-US)' })).toBeInTheDocument();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Browser default', 'Alto (en-GB)', 'Tenor (en-US)']);
    fireEvent.change(voice, { target: { value: 'tenor' } });
    expect(localStorage.getItem('readAloudVoice')).toBe('"tenor"');

    const speed = screen.getByRole('group', { name: 'Reading speed' });
    expect(speed).toHaveTextContent('1×');
    fireEvent.click(screen.getByRole('button', { name: 'Increase reading speed' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase reading speed' }));
    expect(speed).toHaveTextContent('1.5×');
    expect(localStorage.getItem('readAloudSpeedIndex')).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Decrease reading speed' }));
    fireEvent.click(screen.getByRole('button', { name: 'Decrease reading speed' }));
    fireEvent.click(screen.getByRole('button', { name: 'Decrease reading speed' }));
    expect(speed).toHaveTextContent('0.75×');
    expect(screen.getByRole('button', { name: 'Decrease reading speed' })).toBeDisabled();
  });

  it('says so where the browser has no speech', () => {
    renderSettings();
    expect(screen.getByText(NO_VOICES_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Voice' })).not.toBeInTheDocument();
  });
});
