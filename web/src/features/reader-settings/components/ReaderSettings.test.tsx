import { fireEvent, render, screen } from '@testing-library/react';
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
});
