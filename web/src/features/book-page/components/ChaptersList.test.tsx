import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ChaptersList } from './ChaptersList';

const chapter = (chapter_id: number) => ({ chapter_id, title: `Chapter ${chapter_id}`, uploaded_time: '2026-01-01T00:00:00.000Z' });

describe('ChaptersList', () => {
  it('marks chapters read, and those revised since the reader read them instead as revised', () => {
    renderWithProviders(<ChaptersList slug="12-golden-stage" chapters={[1, 2, 3].map(chapter)} chaptersRead={[1, 2]} chaptersRevised={[2]} now={new Date('2026-03-01T00:00:00.000Z')} />);
    const [first, second, third] = within(screen.getByRole('region', { name: 'Chapters List' })).getAllByRole('listitem');
    expect(within(first).getByText('Read')).toBeInTheDocument();
    expect(within(first).queryByText('Revised since you read')).toBeNull();
    expect(within(second).getByText('Revised since you read')).toBeInTheDocument();
    expect(within(second).queryByText('Read')).toBeNull();
    expect(within(third).queryByText(/Read|Revised/)).toBeNull();
  });
});
