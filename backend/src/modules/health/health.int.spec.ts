import { getConnectionToken } from '@nestjs/mongoose';
import { EventLogCollection, type PartitionCheckpointsDocument, type PartitionHeadDocument, partitionId, ProjectionCollection } from '@shelf/contracts';
import { listeningApi } from '@test/listening-api';
import { testEnv } from '@test/support';
import type { Connection } from 'mongoose';
import { createServer } from 'node:net';

async function healthOf(base: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}/api/health`);
  return { status: response.status, body: await response.json() };
}

describe('GET /api/health', () => {
  it('answers 200 when the store, Redis and search all answer', async () => {
    const { api: app, base } = await listeningApi(testEnv(__filename));
    try {
      expect(await healthOf(base)).toEqual({
        status: 200,
        body: {
          status: 'ok',
          store: 'up',
          redis: 'up',
          search: 'up',
          searchEngine: 'embedded',
          parkedEvents: 0,
          projectionLag: 0,
          info: { store: { status: 'up' }, redis: { status: 'up' }, search: { status: 'up', engine: 'embedded' } },
          error: {},
          details: { store: { status: 'up' }, redis: { status: 'up' }, search: { status: 'up', engine: 'embedded' } },
        },
      });
    } finally {
      await app.close();
    }
  });

  it('answers 503 and names Redis when Redis does not answer', async () => {
    // A port that accepts nothing: bound, then closed before the app starts.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const { api: app, base } = await listeningApi(testEnv(__filename, { REDIS_URL: `redis://127.0.0.1:${port}` }));
    try {
      expect(await healthOf(base)).toEqual({
        status: 503,
        body: {
          status: 'error',
          store: 'up',
          redis: 'down',
          search: 'up',
          searchEngine: 'embedded',
          parkedEvents: 0,
          projectionLag: 0,
          info: { store: { status: 'up' }, search: { status: 'up', engine: 'embedded' } },
          error: { redis: { status: 'down' } },
          details: { store: { status: 'up' }, redis: { status: 'down' }, search: { status: 'up', engine: 'embedded' } },
        },
      });
    } finally {
      await app.close();
    }
  });

  it('reports the parked events and how far the projectors are behind the log', async () => {
    const { api: app, base } = await listeningApi(testEnv(__filename));
    const db = app.get<Connection>(getConnectionToken()).db!;
    const checkpoints = (partition: number, positions: Record<string, number>): PartitionCheckpointsDocument => ({
      _id: partitionId(partition),
      partition,
      projectors: Object.fromEntries(Object.entries(positions).map(([projector, position]) => [projector, { position, parkedStreams: [] }])),
      updatedAt: new Date(),
    });
    try {
      await db.collection<PartitionHeadDocument>(EventLogCollection.Partitions).insertMany([
        { _id: partitionId(0), head: 7 },
        { _id: partitionId(1), head: 3 },
      ]);
      // catalog: 0 + 2 behind; search: 3 + 3 (no checkpoint in partition 1 yet).
      await db.collection<PartitionCheckpointsDocument>(ProjectionCollection.Checkpoints).insertMany([
        checkpoints(0, { catalog: 7, search: 4 }),
        checkpoints(1, { catalog: 1 }),
      ]);
      await db.collection<{ _id: string }>(ProjectionCollection.Parked).insertOne({ _id: 'search:some-event' });
      expect(await healthOf(base)).toMatchObject({ status: 200, body: { status: 'ok', parkedEvents: 1, projectionLag: 8 } });
    } finally {
      await db.dropDatabase();
      await app.close();
    }
  });
});
