// A store written before password hashes moved out of the events (v1 account events carry `passwordHash`): its events
// reach the projectors without the hash, and nothing the workers write holds it.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  AccountEventType,
  type AnyDomainEvent,
  accountStreams,
  EventLogCollection,
  eventDocumentId,
  partitionId,
  type PartitionHeadDocument,
  partitionKey,
  partitionOf,
  positionId,
  type PositionDocument,
  type StoredEventDocument,
} from '@shelf/contracts';
import { testEnv } from '@test/support';
import type { Db } from 'mongodb';
import type { Connection } from 'mongoose';
import { PartitionRunner, type Projector, PROJECTORS } from '../engine';
import { WorkersModule } from '../workers.module';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$retiredsecrethash';
const streamId = accountStreams.user('v1-reader');

/** Stores an event as the event store did when v1 was current: a position in its partition, then the event. */
async function appendStored(db: Db, version: number, type: string, data: object): Promise<number> {
  const partition = partitionOf(partitionKey(streamId, type, data));
  const drawn = await db.collection<PartitionHeadDocument>(EventLogCollection.Partitions).findOneAndUpdate({ _id: partitionId(partition) }, { $inc: { head: 1 } }, { upsert: true, returnDocument: 'after' });
  const _id = eventDocumentId(streamId, version);
  const eventId = `v1-reader-${version}`;
  await db.collection<PositionDocument>(EventLogCollection.Positions).insertOne({ _id: positionId(partition, drawn!.head), partition, seq: drawn!.head, eventDocumentId: _id, eventId, at: new Date() });
  const metadata = { actor: 'v1-reader', correlationId: 'c', causationId: null };
  await db.collection<StoredEventDocument>(EventLogCollection.Events).insertOne({ _id, eventId, streamId, version, type, data, metadata, occurredAt: new Date() });
  return partition;
}

describe('v1 account events with a password hash', () => {
  const env = testEnv(__filename);
  let app: INestApplicationContext;
  let db: Db;

  beforeAll(async () => {
    app = await NestFactory.createApplicationContext(WorkersModule.register(env, { consume: false }), { logger: ['error'] });
    db = app.get<Connection>(getConnectionToken()).db!;
  });

  afterAll(async () => {
    await app.get(PartitionRunner).letGoAll();
    await db.dropDatabase();
    await app.close();
  });

  it('reach the projectors without it, and leave it nowhere but the events', async () => {
    const applied: AnyDomainEvent[] = [];
    for (const projector of app.get<Projector[]>(PROJECTORS)) {
      const apply = projector.apply.bind(projector);
      jest.spyOn(projector, 'apply').mockImplementation((event, context) => {
        applied.push(event);
        return apply(event, context);
      });
    }
    const partition = await appendStored(db, 1, AccountEventType.UserRegistered, { userId: 'v1-reader', email: 'v1@example.test', username: 'Old Reader', passwordHash: HASH });
    await appendStored(db, 2, AccountEventType.PasswordChanged, { userId: 'v1-reader', passwordHash: HASH });
    await app.get(PartitionRunner).run(partition);

    // The mailer and the users' read model take the registration, the audit trail the password change.
    expect(applied.map((event) => event.type)).toEqual(expect.arrayContaining([AccountEventType.UserRegistered, AccountEventType.PasswordChanged]));
    expect(applied.find((event) => event.type === AccountEventType.UserRegistered)?.data).toEqual({ userId: 'v1-reader', email: 'v1@example.test', username: 'Old Reader' });
    expect(applied.find((event) => event.type === AccountEventType.PasswordChanged)?.data).toEqual({ userId: 'v1-reader' });
    expect(JSON.stringify(applied)).not.toContain('argon2');
    for (const { name } of await db.listCollections().toArray()) {
      if (name === EventLogCollection.Events) continue;
      expect([name, JSON.stringify(await db.collection(name).find({}).toArray())]).toEqual([name, expect.not.stringContaining('argon2')]);
    }
  });
});
