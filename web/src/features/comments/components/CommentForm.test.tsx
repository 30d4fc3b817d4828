import type { CommentWriteResponse } from '@shelf/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAppStore } from '../../../shared/state/store';
import { ApiError } from '../../../shared/api/api-client';
import { renderWithProviders } from '../../../test/render';
import { startSessionAtom } from '../../../shared/state/session.atoms';
import { lastCommentTimeAtom } from '../atoms';
import { CommentForm } from './CommentForm';

const verified = { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true };
const logIn = (user = verified) => getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
const GOOD = 'What a lovely chapter this was!';

type Send = (text: string, honeypot: string, key: string) => Promise<CommentWriteResponse>;

function renderForm(
  kind: 'comment' | 'reply' | 'edit' = 'comment',
  send = vi.fn<Send>(async () => ({ success: 1, message: 'Your comment has been posted.', comment_id: 'c1' })),
) {
  const onSent = vi.fn();
  renderWithProviders(<CommentForm kind={kind} send={send} onSent={onSent} />);
  const field = screen.getByRole('textbox', { name: kind === 'comment' ? 'Write a comment' : kind === 'reply' ? 'Write a reply' : 'Edit your comment' });
  const submit = screen.getByRole('button', { name: kind === 'comment' ? 'Post' : kind === 'reply' ? 'Post Reply' : 'Save' });
  const write = (text: string) => fireEvent.change(field, { target: { value: text } });
  return { send, onSent, field, submit, write };
}

afterEach(() => vi.useRealTimers());

describe('CommentForm', () => {
  it('disables the inputs for visitors with the spec text, for comments and for replies', () => {
    const { field, submit } = renderForm('comment');
    expect(field).toBeDisabled();
    expect(field).toHaveAttribute('placeholder', 'Please log in and verify your email to comment.');
    expect(submit).toBeDisabled();
  });

  it('disables a reply for a logged-in reader whose e-mail is not verified', () => {
    logIn({ ...verified, email_verified: false });
    const { field, submit } = renderForm('reply');
    expect(field).toBeDisabled();
    expect(field).toHaveAttribute('placeholder', 'Please log in and verify your email to reply.');
    expect(submit).toBeDisabled();
  });

  it.each([
    ['one two three four', 'Your comment must have at least 5 words.'],
    ['a b c d e f', 'Your comment must be at least 20 characters long.'],
    [`this word is ${'x'.repeat(51)} far too long`, 'Words in your comment should not exceed 50 characters.'],
    ['so goooooooooood that I cried', 'Please do not use excessive repeated characters.'],
    ['this is very very very very good', 'Your comment appears to be spammy. Please revise.'],
  ])('refuses %j before sending: %s', (text, message) => {
    logIn();
    const { write, submit, send } = renderForm();
    write(text);
    fireEvent.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the text and the honeypot, remembers the time, empties the box and re-enables Post 1000 ms later', async () => {
    logIn();
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    const { write, submit, send, onSent, field } = renderForm();
    write(GOOD);
    await act(async () => fireEvent.click(submit));
    expect(send).toHaveBeenCalledWith(GOOD, '', expect.stringMatching(/^[0-9a-f]{32}$/));
    expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ comment_id: 'c1' }), GOOD);
    expect(field).toHaveValue('');
    expect(getAppStore().get(lastCommentTimeAtom)).toBe(Date.parse('2026-03-01T10:00:00Z'));
    expect(submit).toBeDisabled();
    act(() => vi.advanceTimersByTime(999));
    expect(submit).toBeDisabled();
    act(() => vi.advanceTimersByTime(1));
    expect(submit).toBeEnabled();
  });

  it('sends one key while the reader sends the same text again after a failure, and a new one for another text', async () => {
    logIn();
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    const failing = vi.fn<Send>(async () => {
      throw new ApiError(503, 'The site is busy. Please try again in a moment.');
    });
    const { write, submit, send } = renderForm('comment', failing);
    const sendAgain = async () => {
      await act(async () => fireEvent.click(submit));
      act(() => vi.advanceTimersByTime(1000));
    };
    write(GOOD);
    await sendAgain();
    await sendAgain();
    write(`${GOOD} Truly.`);
    await sendAgain();
    const keys = send.mock.calls.map(([, , key]) => key);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('waits 30 seconds after the last comment of this browser: "Please wait for N seconds before commenting again."', async () => {
    logIn();
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    getAppStore().set(lastCommentTimeAtom, Date.now() - 12_500);
    const { write, submit, send } = renderForm('reply');
    write(GOOD);
    fireEvent.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Please wait for 18 seconds before commenting again.');
    expect(send).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(17_500));
    await act(async () => fireEvent.click(submit));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('lets an edit through during the cooldown, since an edit is not a new comment', async () => {
    logIn();
    getAppStore().set(lastCommentTimeAtom, Date.now());
    const { write, submit, send } = renderForm('edit', vi.fn<Send>(async () => ({ success: 1, message: 'Your comment has been edited.' })));
    write(GOOD);
    await act(async () => fireEvent.click(submit));
    expect(send).toHaveBeenCalledWith(GOOD, '', expect.any(String));
  });

  it("shows the server's refusal under the form and keeps the text", async () => {
    logIn();
    const refuse = vi.fn<Send>(async () => {
      throw new ApiError(429, 'Please wait for 30 seconds before commenting again.');
    });
    const { write, submit, field } = renderForm('comment', refuse);
    write(GOOD);
    await act(async () => fireEvent.click(submit));
    expect(screen.getByRole('alert')).toHaveTextContent('Please wait for 30 seconds before commenting again.');
    expect(field).toHaveValue(GOOD);
    expect(getAppStore().get(lastCommentTimeAtom)).toBeNull();
  });
});
