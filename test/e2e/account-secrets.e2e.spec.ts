// Password hashes stay out of the event log: registering, changing and resetting a password append events that name a
// credential of the API's own store, and log-ins read the hash there. An account whose events were stored with the
// hash in them (v1) still logs in, and takes on credentials from its next password change.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getConnectionToken } from '@nestjs/mongoose';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AccountEventType, accountStreams, EventLogCollection, type LoginResponse, type StoredEventDocument } from '@shelf/contracts';
import { testEnv, waitForMail } from '@test/support';
import argon2 from 'argon2';
import type { Connection } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { listeningApi } from '@test/listening-api';
import { eventMetadata } from '../../backend/src/event-store/event-metadata';
import { EventStore } from '../../backend/src/event-store/event-store';
import { WorkersModule } from '../../workers/src/workers.module';

const env = testEnv(__filename);

describe('password hashes and the event log', () => {
  let api: NestExpressApplication;
  let workers: INestApplicationContext;
  let store: Connection;
  let base: string;

  const post = async <T = Record<string, unknown>>(path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}/api/user/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as T };
  };
  const logIn = (email: string, password: string) => post<LoginResponse>('login', { email, password, honeypot: '' });
  const storedStream = (userId: string) => store.collection<StoredEventDocument>(EventLogCollection.Events).find({ streamId: accountStreams.user(userId) }).sort({ version: 1 }).toArray();
  const credentials = (userId: string) => store.collection<{ _id: string; passwordHash: string }>('account_credentials').find({ userId }).toArray();
  const resetThroughMail = async (email: string, newPassword: string) => {
    await post('forgot-password', { email, honeypot: '' });
    const mail = await waitForMail(email, 15_000, 'Reset your Novel Shelf password');
    const token = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('token');
    return post('reset-password', { token, newPassword, honeypot: '' });
  };

  beforeAll(async () => {
    workers = await NestFactory.createApplicationContext(WorkersModule.register(env), { logger: ['error'] });
    ({ api, base } = await listeningApi(env));
    store = api.get<Connection>(getConnectionToken());
  });

  afterAll(async () => {
    await store.dropDatabase();
    await api.close();
    await workers.close();
  });

  it('registers, changes and resets a password with events that carry no hash, and logs in after each', async () => {
    const email = 'no.secrets@example.test';
    expect((await post('register', { email, password: 'the first long phrase', username: 'No Secrets', honeypot: '' })).status).toBe(200);
    const first = await logIn(email, 'the first long phrase');
    expect(first.status).toBe(200);
    const userId = first.body.user!.user_id;

    const changed = await post('profile/change-password', { newPassword: 'the second long phrase', honeypot: '' }, { authorization: `Bearer ${first.body.token}` });
    expect(changed.status).toBe(200);
    expect((await logIn(email, 'the second long phrase')).status).toBe(200);
    expect((await logIn(email, 'the first long phrase')).status).toBe(401);

    expect((await resetThroughMail(email, 'the third long phrase')).status).toBe(200);
    expect((await logIn(email, 'the third long phrase')).status).toBe(200);
    expect((await logIn(email, 'the second long phrase')).status).toBe(401);

    const stream = await storedStream(userId);
    const passwordEvents = [AccountEventType.UserRegisteredV2, AccountEventType.PasswordChangedV2, AccountEventType.PasswordResetV2];
    expect(stream.map((event) => event.type).filter((type) => type.includes('registered') || type.includes('password-'))).toEqual(
      expect.arrayContaining(passwordEvents),
    );
    expect(JSON.stringify(stream)).not.toContain('argon2');
    // The latest event names the one credential kept: those it replaced are gone.
    const latest = stream.filter((event) => (passwordEvents as string[]).includes(event.type)).at(-1)!;
    const kept = await credentials(userId);
    expect(kept.map((credential) => credential._id)).toEqual([(latest.data as { credentialId: string }).credentialId]);
    expect(kept[0].passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('logs in an account whose events were stored with the hash (v1), and moves it to credentials on its next change', async () => {
    const userId = randomUUID();
    const email = 'stored.long.ago@example.test';
    const streamId = accountStreams.user(userId);
    const hashed = (password: string) => argon2.hash(password, { type: argon2.argon2id });
    const by = eventMetadata(userId);
    // As the API appended them before credentials: the hash in the event's data (which the v1 types now leave out).
    const v1 = (type: string, data: object) => ({ type, data }) as never;
    await api.get(EventStore).append(streamId, 0, [v1(AccountEventType.UserRegistered, { userId, email, username: 'Stored Long Ago', passwordHash: await hashed('an old stored phrase') })], by);
    await store.collection('account_claims').insertMany([
      { _id: `email:${email}` as never, userId, claimedAt: new Date() },
      { _id: 'username:stored long ago' as never, userId, claimedAt: new Date() },
    ]);
    expect((await logIn(email, 'an old stored phrase')).status).toBe(200);

    await api.get(EventStore).append(streamId, 1, [v1(AccountEventType.PasswordChanged, { userId, passwordHash: await hashed('a v1 changed phrase') })], by);
    expect((await logIn(email, 'an old stored phrase')).status).toBe(401);
    const session = await logIn(email, 'a v1 changed phrase');
    expect(session.status).toBe(200);

    const changed = await post('profile/change-password', { newPassword: 'a phrase kept apart', honeypot: '' }, { authorization: `Bearer ${session.body.token}` });
    expect(changed.status).toBe(200);
    expect((await logIn(email, 'a v1 changed phrase')).status).toBe(401);
    expect((await logIn(email, 'a phrase kept apart')).status).toBe(200);
    expect((await storedStream(userId)).at(-1)?.type).toBe(AccountEventType.PasswordChangedV2);
    expect(await credentials(userId)).toHaveLength(1);
  });
});
