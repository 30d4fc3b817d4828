// An event committed after the workers passed over its position (the API killed between its insert and its
// acknowledgement, an insert that errors after committing) is projected all the same, by the real workers: their
// consumer's sweep places it again once it is stored.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  AccountEventType,
  accountStreams,
  type AuditEntryTuple,
  auditPartId,
  EventLogCollection,
  eventDocumentId,
  ModerationReadModelCollection,
  partitionId,
  type PartitionHeadDocument,
  partitionKey,
  partitionOf,
  positionId,
  type PositionDocument,
  type StoredEventDocument,
} from '@shelf/contracts';
import { type OrderedHeadReadModel, unpackEntries } from '@shelf/read-model-formats';
import { testEnv } from '@test/support';
import type { Db } from 'mongodb';
import type { Connection } from 'mongoose';
import { projectionLag, type Projector, PROJECTORS, ReadModels } from '../engine';
import { WorkersModule } from '../workers.module';

const until = async (what: string, done: () => Promise<boolean>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('an event stored after the workers passed over its position', () => {
  const env = testEnv(__filename);
  let app: INestApplicationContext;
  let db: Db;

  beforeAll(async () => {
    app = await NestFactory.createApplicationContext(WorkersModule.register(env), { logger: ['error'] });
    db = app.get<Connection>(getConnectionToken()).db!;
  });

  afterAll(async () => {
    await db.dropDatabase();
    await app.close();
  });

  it('is placed again and projected by the running workers', async () => {
    const projectors = app.get<Projector[]>(PROJECTORS).map((projector) => projector.name);
    const streamId = accountStreams.user('late-operator');
    const type = AccountEventType.OperatorGranted;
    const data = { userId: 'late-operator' };
    const partition = partitionOf(partitionKey(streamId, type, data));
    const event: StoredEventDocument = {
      _id: eventDocumentId(streamId, 1),
      eventId: 'late-operator-granted',
      streamId,
      version: 1,
      type,
      data,
      metadata: { actor: 'test', correlationId: 'c', causationId: null },
      occurredAt: new Date(),
    };

    // The API draws a number and writes the position, then stalls (or dies) before its insert is committed.
    const { head: seq } = (await db
      .collection<PartitionHeadDocument>(EventLogCollection.Partitions)
      .findOneAndUpdate({ _id: partitionId(partition) }, { $inc: { head: 1 } }, { upsert: true, returnDocument: 'after' }))!;
    await db
      .collection<PositionDocument>(EventLogCollection.Positions)
      .insertOne({ _id: positionId(partition, seq), partition, seq, eventDocumentId: event._id, eventId: event.eventId, at: new Date() });
    // The workers' sweep finds the position, waits its patience for the event, and passes over it.
    await until('the workers pass over the position', async () => Object.values(await projectionLag(db, projectors)).every((lag) => lag === 0), 20_000);

    // Now the insert commits.
    await db.collection<StoredEventDocument>(EventLogCollection.Events).insertOne(event);

    const audit = app.get(ReadModels).collection<OrderedHeadReadModel>(ModerationReadModelCollection.AuditHeads);
    const listed = async () => unpackEntries<AuditEntryTuple>((await audit.findOne({ _id: auditPartId('target', 'late-operator', partition) }))?.e);
    await until('the audit trail lists the event', async () => (await listed()).some(([, [eventId]]) => eventId === event.eventId), 15_000);
    await until('the projections catch up', async () => Object.values(await projectionLag(db, projectors)).every((lag) => lag === 0), 15_000);
  }, 60_000);
});
