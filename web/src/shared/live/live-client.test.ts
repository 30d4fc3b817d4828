import { LivePush, LiveRequest } from '@shelf/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAppStore } from '../state/store';
import { json, stubFetch } from '../../test/fetch';
import { startSessionAtom, tokenAtom } from '../state/session.atoms';
import { fakeLiveClient as liveClient } from '../../test/fake-socket';
import type { LiveClient } from './live-client';

const user = { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true };

const settle = () => new Promise((done) => setTimeout(done, 0));
let running: LiveClient | null = null;
afterEach(() => running?.stop());

describe('LiveClient', () => {
  it('opens no socket for a visitor with no thread on screen', async () => {
    const { client, sockets } = liveClient();
    running = client;
    client.start();
    await settle();
    expect(sockets).toHaveLength(0);
  });

  it('connects with the access token when logged in and hands pushes to the handlers', async () => {
    getAppStore().set(startSessionAtom, { token: 'access-1', refreshToken: 'r', user });
    const { client, sockets } = liveClient();
    running = client;
    const badges = vi.fn();
    client.on(LivePush.BadgesChanged, badges);
    client.start();
    await settle();
    expect(sockets).toHaveLength(1);
    expect(sockets[0].auth()).toEqual({ token: 'access-1' });
    sockets[0].serverAccepts();
    sockets[0].push(LivePush.BadgesChanged, { unreadReplies: 2, uncheckedUpdates: 0 });
    expect(badges).toHaveBeenCalledWith({ unreadReplies: 2, uncheckedUpdates: 0 });
  });

  it('connects a visitor while a thread is open, joins it, rejoins after a reconnect and leaves it when closed', async () => {
    const { client, sockets } = liveClient();
    running = client;
    const reconnected = vi.fn();
    client.onReconnect(reconnected);
    client.start();
    const leave = client.joinThread({ book_id: 3, chapter_id: 9 });
    await settle();
    const socket = sockets[0];
    expect(socket.auth()).toEqual({});
    socket.serverAccepts();
    expect(socket.emitted).toEqual([[LiveRequest.ThreadJoin, { book_id: 3, chapter_id: 9 }]]);
    socket.serverAccepts(); // a reconnect after a network drop
    expect(socket.emitted).toHaveLength(2);
    expect(reconnected).toHaveBeenCalledTimes(1);
    leave();
    expect(socket.emitted.at(-1)).toEqual([LiveRequest.ThreadLeave, { book_id: 3, chapter_id: 9 }]);
    expect(socket.connected).toBe(false); // nothing needs it any more
  });

  it("connects a visitor while a book's page is open, joins its room, rejoins after a reconnect and leaves when the last follower goes", async () => {
    const { client, sockets } = liveClient();
    running = client;
    client.start();
    const leaveStory = client.joinBook(12);
    const leaveChapter = client.joinBook(12); // a second component of the same book: one join
    await settle();
    const socket = sockets[0];
    expect(socket.auth()).toEqual({});
    socket.serverAccepts();
    expect(socket.emitted).toEqual([[LiveRequest.BookJoin, { book_id: 12 }]]);
    socket.serverAccepts(); // a reconnect after a network drop
    expect(socket.emitted).toEqual([
      [LiveRequest.BookJoin, { book_id: 12 }],
      [LiveRequest.BookJoin, { book_id: 12 }],
    ]);
    leaveStory();
    leaveStory(); // counted once
    expect(socket.emitted).toHaveLength(2);
    expect(socket.connected).toBe(true);
    leaveChapter();
    expect(socket.emitted.at(-1)).toEqual([LiveRequest.BookLeave, { book_id: 12 }]);
    expect(socket.connected).toBe(false); // nothing needs it any more
  });

  it('reconnects with the new token after a token refresh and disconnects on logout', async () => {
    getAppStore().set(startSessionAtom, { token: 'access-1', refreshToken: 'r', user });
    const { client, sockets } = liveClient();
    running = client;
    client.start();
    await settle();
    const socket = sockets[0];
    socket.serverAccepts();
    getAppStore().set(tokenAtom, 'access-2');
    expect(socket.active).toBe(true);
    expect(socket.auth()).toEqual({ token: 'access-2' });
    getAppStore().set(tokenAtom, null);
    expect(socket.active).toBe(false);
  });

  it('answers a refused handshake (expired token) with a token refresh, which reconnects with the new token', async () => {
    getAppStore().set(startSessionAtom, { token: 'expired', refreshToken: 'r', user });
    const fetchMock = stubFetch(() => json(200, { token: 'fresh', refreshToken: 'r2' }));
    const { client, sockets } = liveClient();
    running = client;
    client.start();
    await settle();
    const socket = sockets[0];
    socket.serverRefuses('Your session has expired. Please log in again.');
    await vi.waitFor(() => expect(getAppStore().get(tokenAtom)).toBe('fresh'));
    expect(fetchMock).toHaveBeenCalledWith('/api/user/token', expect.objectContaining({ body: '{"refreshToken":"r"}' }));
    expect(socket.active).toBe(true);
    expect(socket.auth()).toEqual({ token: 'fresh' });
  });

  it("joins the operators' room once connected, rejoins it after every reconnect and stops when nobody follows it", async () => {
    getAppStore().set(startSessionAtom, { token: 'access-1', refreshToken: 'r', user });
    const { client, sockets } = liveClient();
    running = client;
    client.start();
    const leaveFirst = client.joinOperators();
    const leaveSecond = client.joinOperators();
    await settle();
    const socket = sockets[0];
    expect(socket.emitted).toEqual([]);
    socket.serverAccepts();
    expect(socket.emitted).toEqual([[LiveRequest.ModerationJoin, undefined]]);
    socket.serverAccepts(); // a reconnect after a network drop
    expect(socket.emitted).toHaveLength(2);
    leaveFirst();
    leaveFirst(); // counted once
    socket.serverAccepts();
    expect(socket.emitted).toHaveLength(3);
    leaveSecond();
    socket.serverAccepts();
    expect(socket.emitted).toHaveLength(3);
  });

  it("tells the follower of the operators' room why the server refused the join", async () => {
    getAppStore().set(startSessionAtom, { token: 'access-1', refreshToken: 'r', user });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client, sockets } = liveClient();
    running = client;
    client.start();
    await settle();
    const socket = sockets[0];
    socket.ackAnswer = { ok: false, message: 'This page is for operators.' };
    socket.serverAccepts();
    const refused = vi.fn();
    client.joinOperators(refused);
    expect(refused).toHaveBeenCalledWith('This page is for operators.');
    log.mockRestore();
  });
});
