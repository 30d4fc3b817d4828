import type { GlossaryEntry } from '@shelf/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { GlossaryList } from './GlossaryList';

const entries: GlossaryEntry[] = [
  { original: 'shixiong', rendering: 'senior brother', kind: 'title', note: 'An older disciple of the same master.', from_chapter: 1 },
  { original: 'Lan Zhan', rendering: 'Lan Zhan', kind: 'character', note: '', from_chapter: 3 },
  { original: 'Yin Iron', rendering: 'Yin Iron', kind: 'term', note: 'A relic.', from_chapter: 9 },
];

describe('GlossaryList', () => {
  it('lists the entries of the chapters the reader has reached, and says how many wait', () => {
    renderWithProviders(<GlossaryList entries={entries} reached={3} />);
    const glossary = screen.getByRole('region', { name: 'Glossary' });
    expect(within(glossary).getAllByRole('term').map((term) => term.textContent)).toEqual(['shixiong Title', 'Lan Zhan Character']);
    expect(within(glossary).getByText('senior brother')).toBeInTheDocument();
    expect(within(glossary).getByText('An older disciple of the same master.')).toBeInTheDocument();
    // A name rendered as itself is not said twice.
    expect(within(glossary).getAllByText('Lan Zhan')).toHaveLength(1);
    expect(within(glossary).getByText('One more entry appears as you read on.')).toBeInTheDocument();
    expect(within(glossary).queryByText('Yin Iron')).toBeNull();
  });

  it('shows a reader who has read nothing the entries of the first chapter only, and nothing for a story without a glossary', () => {
    const { unmount } = renderWithProviders(<GlossaryList entries={entries} reached={null} />);
    expect(screen.getAllByRole('term')).toHaveLength(1);
    expect(screen.getByText('2 more entries appear as you read on.')).toBeInTheDocument();
    unmount();
    renderWithProviders(<GlossaryList entries={[]} reached={5} />);
    expect(screen.queryByRole('region', { name: 'Glossary' })).toBeNull();
  });
});
