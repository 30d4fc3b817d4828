// The workers' real consumers of the log, built as `npm start` builds them: the start-up check (assertEveryEventConsumed,
// run as the container is made) lets them start, and between them they consume every event type of contracts.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EVENT_TYPES } from '@shelf/contracts';
import { testEnv } from '@test/support';
import { type Projector, PROJECTORS } from '../engine';
import { WorkersModule } from '../workers.module';
import { UNPROJECTED_EVENT_TYPES } from './event-consumers';

describe("the workers' consumers of the log", () => {
  let app: INestApplicationContext | undefined;

  afterAll(() => app?.close());

  it('start, and leave no event type of contracts without a consumer unless it is listed as unprojected', async () => {
    app = await NestFactory.createApplicationContext(WorkersModule.register(testEnv(__filename), { consume: false }), { logger: ['error'] });
    const handled = new Set(app.get<Projector[]>(PROJECTORS).flatMap((projector) => projector.handles));
    expect(EVENT_TYPES.filter((type) => !handled.has(type)).sort()).toEqual([...UNPROJECTED_EVENT_TYPES].sort());
  });
});
