// An erasure through one API process takes effect in every other at once: the second process refuses the erased
// account's token on its next request (it had accepted it a moment before, and would have gone on for up to 30 s on
// what it knew of the account's key), and closes its sockets, the operators' room's too. Real store, Redis and SMTP.
import { CommandBus } from '@nestjs/cqrs';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { LiveRequest } from '@shelf/contracts';
import { listeningApi } from '@test/listening-api';
import { testEnv, waitForMail } from '@test/support';
import type { Socket } from 'socket.io-client';
import { ChangeOperatorRoleCommand } from '../../backend/src/modules/accounts/application/change-operator-role.command';
import { connect, LIVE_TIMEOUT_MS, type LiveSocket } from '../live-sockets';
import { registerReader, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);
const PASSWORD = 'correct horse battery staple';

/** Resolves with the reason the server gave when it closes the socket, or rejects after the timeout. */
const closed = (socket: LiveSocket): Promise<string> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${LIVE_TIMEOUT_MS} ms`)), LIVE_TIMEOUT_MS);
    socket.once('disconnect', (reason) => (clearTimeout(timer), resolve(reason)));
  });

describe('an erasure in every API process at once', () => {
  let site: TestSite;
  let other: NestExpressApplication;
  let otherBase: string;
  const sockets: LiveSocket[] = [];

  /** A call to the second API process, which the erasure does not go through. */
  const callOther = async (path: string, token: string) => (await fetch(`${otherBase}/api/${path}`, { headers: { authorization: `Bearer ${token}` } })).status;

  beforeAll(async () => {
    site = await startSite(env);
    ({ api: other, base: otherBase } = await listeningApi(env));
  }, 60_000);

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await other.close();
    await site.close();
  });

  it("refuses the erased operator's token on the other process at once, and closes their sockets there, the operators' room's too", async () => {
    const reader = await registerReader(site, 'Everywhere');
    await site.api.get(CommandBus).execute(new ChangeOperatorRoleCommand(reader.user.email, true, 'operators-cli:test'));
    await site.drained();
    // The other process knows the account: it accepted the token just now, and holds its sockets.
    expect(await callOther('user/replies/unread-count', reader.token)).toBe(200);
    const [plain, operatorSocket, onFirst] = [await connect(otherBase, reader.token), await connect(otherBase, reader.token), await connect(site.base, reader.token)];
    sockets.push(plain, operatorSocket, onFirst);
    expect(await (operatorSocket as unknown as Socket).timeout(LIVE_TIMEOUT_MS).emitWithAck(LiveRequest.ModerationJoin)).toEqual({ ok: true });

    await site.call('POST', 'user/profile/delete-account', { body: { password: PASSWORD }, token: reader.token });
    const link = new URL(/https?:\/\/\S+/.exec((await waitForMail(reader.user.email, 15_000, 'Confirm the deletion of your Novel Shelf account')).text)![0]);
    const closedAll = Promise.all([plain, operatorSocket, onFirst].map(closed));
    expect(await site.call('POST', 'user/delete-account', { body: { token: link.searchParams.get('token') } })).toMatchObject({ status: 200 });
    const erasedAt = performance.now();

    expect(await callOther('user/replies/unread-count', reader.token)).toBe(401);
    const refusedWithin = performance.now() - erasedAt;
    expect(await closedAll).toEqual(['io server disconnect', 'io server disconnect', 'io server disconnect']);
    const closedWithin = performance.now() - erasedAt;
    // Well under the 30 s a process kept what it knew of a key; a new socket is refused at its handshake.
    expect(refusedWithin).toBeLessThan(1000);
    expect(closedWithin).toBeLessThan(1000);
    await expect(connect(otherBase, reader.token)).rejects.toThrow('Please log in to continue.');
    console.log(`erasure seen by the other API process: token refused ${refusedWithin.toFixed(0)} ms, sockets closed ${closedWithin.toFixed(0)} ms after the answer`);
  }, 60_000);
});
