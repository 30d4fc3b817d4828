import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAppStore } from '../../../shared/state/store';
import { json, stubFetch } from '../../../test/fetch';
import '../../../test/jsdom-polyfills';
import { renderWithProviders } from '../../../test/render';
import { startSessionAtom } from '../../../shared/state/session.atoms';
import { LIKE_DEBOUNCE_MS, LikeButton } from './LikeButton';
import { likeCountText } from '../like-text';

const user = { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true };
const logIn = () => getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
const status = (isLiked: boolean, count: number) => json(200, { isLiked, likeCount: { like_count: count } });

afterEach(() => vi.useRealTimers());

describe('likeCountText', () => {
  it("reads '{n} people like this story!' above 0 and invites the first like at 0", () => {
    expect(likeCountText(3)).toBe('3 people like this story!');
    expect(likeCountText(1)).toBe('1 people like this story!');
    expect(likeCountText(0)).toBe('Be the first to like this story!');
  });
});

describe('LikeButton', () => {
  it('asks a visitor for the visitor count and opens the log-in modal on a click, without calling the API', async () => {
    const fetchMock = stubFetch(() => status(false, 4));
    renderWithProviders(<LikeButton bookId={12} />);
    expect(await screen.findByText('4 people like this story!')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/like/show-visitor-like-count?book_id=12', expect.anything());

    fireEvent.click(screen.getByRole('button', { name: /Like/ }));
    const dialog = screen.getByRole('dialog', { name: 'Log in required' });
    expect(dialog).toHaveTextContent('You must log in to like a story.');
    const logInLink = screen.getByRole('link', { name: 'Log In' });
    expect(logInLink).toHaveAttribute('href', '/user/login');
    expect(logInLink).toHaveAttribute('target', '_blank');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('toggles the like and the count at once, then calls like-book, and stays disabled for 500 ms', async () => {
    logIn();
    let answerLike!: (response: Response) => void;
    const fetchMock = stubFetch((url) =>
      url.startsWith('/api/like/show-user-like-count') ? status(false, 0) : new Promise<Response>((resolve) => (answerLike = resolve)),
    );
    renderWithProviders(<LikeButton bookId={12} />);
    expect(await screen.findByText('Be the first to like this story!')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/like/show-user-like-count?book_id=12', expect.anything());

    vi.useFakeTimers();
    const button = screen.getByRole('button', { name: /Like/ });
    fireEvent.click(button);
    // Before the server answers:
    expect(screen.getByText('1 people like this story!')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toBeDisabled();
    // The write goes out once the mutation has started (a microtask later).
    await act(async () => undefined);
    expect(fetchMock).toHaveBeenCalledWith('/api/like/like-book', expect.objectContaining({ method: 'POST', body: '{"book_id":12}' }));

    act(() => vi.advanceTimersByTime(LIKE_DEBOUNCE_MS - 1));
    expect(button).toBeDisabled();
    act(() => vi.advanceTimersByTime(1));
    expect(button).toBeEnabled();

    fireEvent.click(button);
    expect(screen.getByText('Be the first to like this story!')).toBeInTheDocument();
    await act(async () => undefined);
    expect(fetchMock).toHaveBeenCalledWith('/api/like/remove-like-book', expect.objectContaining({ body: '{"book_id":12}' }));
    answerLike(json(200, { message: 'ok' }));
  });

  it.each([403, 429])("shows the server's message in a modal on HTTP %i and does not roll the toggle back", async (code) => {
    logIn();
    stubFetch((url) =>
      url.startsWith('/api/like/show-user-like-count')
        ? status(true, 5)
        : json(code, { message: 'You are doing that too often. Please wait a moment and try again.' }),
    );
    renderWithProviders(<LikeButton bookId={12} />);
    fireEvent.click(await screen.findByRole('button', { name: /Liked/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are doing that too often. Please wait a moment and try again.');
    expect(screen.getByText('4 people like this story!')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Like/ })[0]).toHaveAttribute('aria-pressed', 'false');
  });

  it('only logs other failures', async () => {
    logIn();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch((url) => (url.startsWith('/api/like/show-user-like-count') ? status(false, 2) : json(500, { message: 'Internal server error' })));
    renderWithProviders(<LikeButton bookId={12} />);
    await screen.findByText('2 people like this story!');
    fireEvent.click(screen.getByRole('button', { name: /Like/ }));
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('3 people like this story!')).toBeInTheDocument();
    log.mockRestore();
  });
});
