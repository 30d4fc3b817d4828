import { fireEvent, render, screen, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { describe, expect, it } from 'vitest';
import { DocumentTheme } from './DocumentTheme';
import { ReaderSettings } from './ReaderSettings';

function renderSettings() {
  return render(
    <Provider store={createStore()}>
      <DocumentTheme />
      <ReaderSettings />
    </Provider>,
  );
}

describe('ReaderSettings', () => {
  it('disables each stepper button at its end of the range', () => {
    localStorage.setItem('fontSizeIndex', '5');
    renderSettings();
    const bigger = screen.getByRole('button', { name: 'Increase font size' });
    expect(bigger).toBeEnabled();
    fireEvent.click(bigger);
    expect(screen.getByRole('group', { name: 'Font size' })).toHaveTextContent('3XL');
    expect(bigger).toBeDisabled();

    const tighter = screen.getByRole('button', { name: 'Decrease page spacing' });
    fireEvent.click(tighter);
    fireEvent.click(tighter);
    expect(tighter).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Page spacing' })).toHaveTextContent('Compact');
    expect(localStorage.getItem('pageSpaceIndex')).toBe('0');
  });

  it('applies the chosen theme to <html> and remembers it', () => {
    renderSettings();
    expect(document.documentElement).toHaveAttribute('data-theme', 'crimson');
    expect(screen.getByRole('radio', { name: 'Crimson' })).toBeChecked();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'crimson',
      'jade',
      'azure',
      'light',
      'dark',
      'gray',
    ]);

    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));

    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem('theme')).toBe('"dark"');
  });

  it('offers the font and the text width as labelled selects, remembers each choice and shows a stored one', () => {
    localStorage.setItem('textWidth', '"wide"');
    renderSettings();
    const font = screen.getByRole('combobox', { name: 'Font' });
    const width = screen.getByRole('combobox', { name: 'Text width' });
    expect(font).toHaveValue('sans');
    expect(width).toHaveValue('wide');
    expect(within(font).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Serif',
      'Sans-serif',
      'Dyslexia-friendly (OpenDyslexic)',
    ]);
    expect(within(width).getAllByRole('option').map((option) => option.textContent)).toEqual(['Narrow', 'Medium', 'Wide', 'Full']);

    fireEvent.change(font, { target: { value: 'dyslexic' } });
    fireEvent.change(width, { target: { value: 'narrow' } });

    expect(font).toHaveValue('dyslexic');
    expect(width).toHaveValue('narrow');
    expect(localStorage.getItem('fontFamily')).toBe('"dyslexic"');
    expect(localStorage.getItem('textWidth')).toBe('"narrow"');
  });

  it("leaves the spec's font size, page spacing and theme as they are when the font or width changes", () => {
    renderSettings();
    fireEvent.change(screen.getByRole('combobox', { name: 'Font' }), { target: { value: 'serif' } });
    expect(screen.getByRole('group', { name: 'Font size' })).toHaveTextContent('Large');
    expect(screen.getByRole('group', { name: 'Page spacing' })).toHaveTextContent('Normal');
    expect(screen.getByRole('radio', { name: 'Crimson' })).toBeChecked();
    expect(localStorage.getItem('fontSizeIndex')).toBeNull();
  });
});
