import type { GlossaryEntry } from '@shelf/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { useGlossaryCard } from './GlossaryCard';

const entries: GlossaryEntry[] = [{ original: 'shixiong', rendering: 'senior brother', kind: 'title', note: 'An older disciple of the same master.', from_chapter: 1 }];

function Chapter() {
  const text = useRef<HTMLDivElement>(null);
  const card = useGlossaryCard(text, entries);
  return (
    <>
      <div ref={text}>
        <p>
          Then{' '}
          <button type="button" className="glossary-mark" data-glossary="0">
            shixiong
          </button>{' '}
          bowed.
        </p>
      </div>
      <p>Elsewhere</p>
      {card}
    </>
  );
}

describe('a glossary mark', () => {
  it('opens its card on a tap, and closes it on Escape, giving the focus back', () => {
    renderWithProviders(<Chapter />);
    const mark = screen.getByRole('button', { name: 'shixiong' });
    fireEvent.click(mark);
    const card = screen.getByRole('dialog', { name: 'shixiong' });
    expect(card).toHaveTextContent('shixiong Title');
    expect(card).toHaveTextContent('senior brother');
    expect(card).toHaveTextContent('An older disciple of the same master.');
    expect(mark).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(mark).toHaveFocus();
    expect(mark).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a tap elsewhere and on its Close button', () => {
    renderWithProviders(<Chapter />);
    fireEvent.click(screen.getByRole('button', { name: 'shixiong' }));
    fireEvent.pointerDown(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'shixiong' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

function ChapterWithChoices({ choose, forms }: { choose: (title: string, form: string) => void; forms: { title: string; form: 'original' | 'rendering' }[] }) {
  const text = useRef<HTMLDivElement>(null);
  const card = useGlossaryCard(text, entries, { forms, choose, saving: false, failure: null });
  return (
    <>
      <div ref={text}>
        <button type="button" className="glossary-mark" data-glossary="0">
          Shixiong
        </button>
      </div>
      {card}
    </>
  );
}

describe('a title’s card, for a signed-in reader', () => {
  it('shows the form the reader reads it in, and chooses another by the title’s original in lower case', () => {
    const chosen: [string, string][] = [];
    renderWithProviders(<ChapterWithChoices forms={[{ title: 'shixiong', form: 'rendering' }]} choose={(title, form) => chosen.push([title, form])} />);
    fireEvent.click(screen.getByRole('button', { name: 'Shixiong' }));
    const group = screen.getByRole('group', { name: 'Read this title as' });
    expect(screen.getByRole('radio', { name: 'senior brother' })).toBeChecked();
    expect(group).toHaveTextContent('As the translation has it');
    fireEvent.click(screen.getByRole('radio', { name: 'shixiong' }));
    fireEvent.click(screen.getByRole('radio', { name: 'As the translation has it' }));
    expect(chosen).toEqual([
      ['shixiong', 'original'],
      ['shixiong', 'as_written'],
    ]);
  });

  it('offers no choice to a visitor', () => {
    renderWithProviders(<Chapter />);
    fireEvent.click(screen.getByRole('button', { name: 'shixiong' }));
    expect(screen.queryByRole('group')).toBeNull();
  });
});
