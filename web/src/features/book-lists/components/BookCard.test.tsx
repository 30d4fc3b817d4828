import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listBook } from '../../../test/books';
import { renderWithProviders } from '../../../test/render';
import { BookCard } from './BookCard';
import { BookCardList } from './BookCardList';

const now = new Date('2026-05-20T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

describe('BookCard', () => {
  it('shows cover, name linked by story slug, badges, description and the latest chapter link', () => {
    renderWithProviders(<BookCard book={listBook({ english_book_name: "Golden Stage: Act I!" })} now={now} />);
    expect(screen.getByRole('link', { name: 'Golden Stage: Act I!' })).toHaveAttribute('href', '/12-golden-stage-act-i');
    expect(document.querySelector('img')).toHaveAttribute('src', '/covers/12.svg');
    const details = screen.getByRole('list', { name: 'Details' });
    expect(within(details).getByText('30 min')).toBeInTheDocument();
    expect(within(details).getByText('Danmei/BL')).toBeInTheDocument();
    expect(within(details).getByText('Ongoing')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Last update: Chapter 7: The Audition' })).toHaveAttribute('href', '/12-golden-stage-act-i/7');
    expect(screen.getByText('139 days ago')).toBeInTheDocument();
  });

  it('renders the description as Markdown, keeping its line breaks', async () => {
    renderWithProviders(<BookCard book={listBook({ description: 'A *secret* kept\nfor years' })} now={now} />);
    const emphasis = await screen.findByText('secret');
    expect(emphasis.tagName).toBe('EM');
    expect(emphasis.closest('.book-card__description')?.querySelector('br')).not.toBeNull();
  });

  it('shows the likes badge only above 10', () => {
    const { unmount } = renderWithProviders(<BookCard book={listBook({ like_count: 10 })} now={now} />);
    expect(screen.queryByLabelText('10 likes')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<BookCard book={listBook({ like_count: 11 })} now={now} />);
    expect(screen.getByLabelText('11 likes')).toHaveTextContent('11');
  });

  it('shows reading time as hours and minutes from an hour on', () => {
    renderWithProviders(<BookCard book={listBook({ book_word_count: 266 * 125 })} now={now} />);
    expect(screen.getByText('2 hr 5 min')).toBeInTheDocument();
  });

  it("shows 'NEW!' and 'UPDATES!' under 2 days, 'COMPLETE!' instead for a completed book, none later", () => {
    const { unmount } = renderWithProviders(<BookCard book={listBook({ last_updated: hoursAgo(47) })} now={now} />);
    expect(screen.getByText('NEW!')).toBeInTheDocument();
    expect(screen.getByText('UPDATES!')).toBeInTheDocument();
    expect(screen.getByText('1 day ago')).toBeInTheDocument();
    unmount();
    const second = renderWithProviders(<BookCard book={listBook({ last_updated: hoursAgo(1), completion_statuses: 'Completed' })} now={now} />);
    expect(screen.getByText('COMPLETE!')).toBeInTheDocument();
    expect(screen.queryByText('UPDATES!')).not.toBeInTheDocument();
    second.unmount();
    renderWithProviders(<BookCard book={listBook({ last_updated: hoursAgo(48) })} now={now} />);
    expect(screen.queryByText('NEW!')).not.toBeInTheDocument();
  });

  it('tints a card with new updates red', () => {
    renderWithProviders(<BookCard book={listBook({ has_new_updates: true })} now={now} />);
    expect(screen.getByRole('article')).toHaveClass('book-card--new-updates');
  });

  it("shows 'No stories match the criteria!' for an empty list", () => {
    renderWithProviders(<BookCardList books={[]} />);
    expect(screen.getByText('No stories match the criteria!')).toBeInTheDocument();
  });
});
