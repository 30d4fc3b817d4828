// The mutes projector against the real store: each reader's lists, idempotent when an event is applied again, and the
// live room changes it asks for, only for events it applied.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getConnectionToken } from '@nestjs/mongoose';
import { LibraryEventType, LibraryReadModelCollection, type LivePushRequest, type MuteEvent } from '@shelf/contracts';
import { testEnv } from '@test/support';
import type { Connection } from 'mongoose';
import { WorkersModule } from '../../workers.module';
import { applyStraight, ReadModels } from '../../engine';
import { MutesProjector } from './mutes.projector';

const meta = { actor: 'u1', correlationId: 'c', causationId: null };
const event = (version: number, type: MuteEvent['type'], target: string): MuteEvent =>
  ({
    id: `library-u1-mutes-${version}`, streamId: 'library-u1-mutes', version, type, metadata: meta, occurredAt: `2026-11-28T10:00:0${version}.000Z`,
    data: type === LibraryEventType.ReaderMuted || type === LibraryEventType.ReaderBlocked ? { user_id: 'u1', target_id: target, username: `Name ${target}` } : { user_id: 'u1', target_id: target },
  }) as MuteEvent;

describe('the mutes projector', () => {
  const env = testEnv(__filename);
  let app: INestApplicationContext;
  let connection: Connection;
  let projector: MutesProjector;
  const pushes: LivePushRequest[] = [];
  /** Applies one event in a batch of its own and stores it, keeping the pushes it queued. */
  const apply = async (e: MuteEvent) => {
    pushes.push(...(await applyStraight(app.get(ReadModels), [projector], e)).pushes);
  };
  const stored = () => connection.collection(LibraryReadModelCollection.ReaderMutes).find({}).sort({ _id: 1 }).toArray();

  beforeAll(async () => {
    app = await NestFactory.createApplicationContext(WorkersModule.register(env, { consume: false }), { logger: ['error'] });
    connection = app.get<Connection>(getConnectionToken());
    projector = app.get(MutesProjector);
  });

  afterAll(async () => {
    await connection.dropDatabase();
    await app.close();
  });

  it('keeps the lists, and joins or leaves the muters’ rooms of what it applied', async () => {
    const events = [
      event(1, LibraryEventType.ReaderMuted, 'a'),
      event(2, LibraryEventType.ReaderBlocked, 'b'),
      event(3, LibraryEventType.ReaderMuted, 'c'),
      event(4, LibraryEventType.ReaderUnmuted, 'a'),
    ];
    for (const e of events) await apply(e);
    const once = await stored();
    expect(once).toEqual([
      {
        _id: 'u1',
        muted: [{ user_id: 'c', since: '2026-11-28T10:00:03.000Z' }],
        blocked: [{ user_id: 'b', since: '2026-11-28T10:00:02.000Z' }],
        version: 4,
      },
    ]);
    expect(pushes).toEqual([
      { kind: 'muter-room', userId: 'u1', targetId: 'a', relation: 'muted', on: true },
      { kind: 'muter-room', userId: 'u1', targetId: 'b', relation: 'blocked', on: true },
      { kind: 'muter-room', userId: 'u1', targetId: 'c', relation: 'muted', on: true },
      { kind: 'muter-room', userId: 'u1', targetId: 'a', relation: 'muted', on: false },
    ]);

    // Applied again (a retried batch): nothing changes and nothing more is pushed.
    for (const e of events) await apply(e);
    expect(await stored()).toEqual(once);
    expect(pushes).toHaveLength(4);

    await apply(event(5, LibraryEventType.ReaderUnblocked, 'b'));
    expect((await stored())[0]).toMatchObject({ blocked: [], version: 5 });
    expect(pushes.at(-1)).toEqual({ kind: 'muter-room', userId: 'u1', targetId: 'b', relation: 'blocked', on: false });
  });
});
