import '../../../test/jsdom-polyfills';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { startSessionAtom } from '../../../shared/state/session.atoms';
import { getAppStore } from '../../../shared/state/store';
import { renderWithProviders } from '../../../test/render';
import { READING_FEED_TEXT, ReadingFeed } from './ReadingFeed';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const address = (token: string) => ({ rss: `http://127.0.0.1:8080/api/feeds/reading/${token}.rss`, atom: `http://127.0.0.1:8080/api/feeds/reading/${token}.atom`, created_at: '2026-11-27T10:00:00.000Z' });

describe('ReadingFeed', () => {
  it('makes an address, shows it and offers it in the head, makes a new one and turns it off after asking', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user: { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true } });
    let reading: ReturnType<typeof address> | null = null;
    let made = 0;
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (init?.method === 'PUT') reading = address(String(++made).padStart(64, 'a'));
        if (init?.method === 'DELETE') reading = null;
        return json(200, { reading });
      }),
    );
    renderWithProviders(<ReadingFeed />);
    const section = await screen.findByRole('region', { name: READING_FEED_TEXT.heading });
    expect(await within(section).findByText('You have no feed address.')).toBeInTheDocument();
    expect(document.head.querySelectorAll('link[rel="alternate"]')).toHaveLength(0);

    fireEvent.click(within(section).getByRole('button', { name: 'Make a feed address' }));
    const rss = await within(section).findByRole('link', { name: address(`${'a'.repeat(63)}1`).rss });
    expect(rss).toHaveAttribute('href', address(`${'a'.repeat(63)}1`).rss);
    expect(within(section).getByText(READING_FEED_TEXT.private)).toBeInTheDocument();
    const offered = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"]')].map((link) => [link.type, link.title, link.href]);
    expect(offered).toEqual([
      ['application/rss+xml', 'My Reading shelf on Novel Shelf (RSS)', address(`${'a'.repeat(63)}1`).rss],
      ['application/atom+xml', 'My Reading shelf on Novel Shelf (Atom)', address(`${'a'.repeat(63)}1`).atom],
    ]);

    fireEvent.click(within(section).getByRole('button', { name: 'Make a new address' }));
    expect(await screen.findByText(READING_FEED_TEXT.confirmNew)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await within(section).findByRole('link', { name: address(`${'a'.repeat(63)}2`).atom })).toBeInTheDocument();

    fireEvent.click(within(section).getByRole('button', { name: 'Turn the feed off' }));
    expect(await screen.findByText(READING_FEED_TEXT.confirmOff)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(calls.filter((call) => call.startsWith('DELETE'))).toEqual([]);
    fireEvent.click(within(section).getByRole('button', { name: 'Turn the feed off' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await within(section).findByText('You have no feed address.')).toBeInTheDocument();
    expect(document.head.querySelectorAll('link[rel="alternate"]')).toHaveLength(0);
    expect(calls).toEqual(['GET /api/user/feeds/reading', 'PUT /api/user/feeds/reading', 'PUT /api/user/feeds/reading', 'DELETE /api/user/feeds/reading']);
  });
});
