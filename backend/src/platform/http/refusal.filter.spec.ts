import { Controller, Get, type INestApplication, Module, Res } from '@nestjs/common';
import type { Response } from 'express';
import { NestFactory } from '@nestjs/core';
import { MongoNetworkError } from 'mongodb';
import { DomainError, type RefusalCode } from '../../domain/domain-error';
import { ConcurrencyError } from '../../event-store/concurrency-error';
import { RefusalFilter, RefusalsCarry } from './refusal.filter';

let thrown: unknown;

@Controller('plain')
class PlainController {
  @Get()
  fail(): never {
    throw thrown;
  }
}

@Controller('comments')
@RefusalsCarry({ success: 0 })
class CarryingController {
  @Get()
  fail(): never {
    throw thrown;
  }
}

@Controller('accounts')
class OneRouteController {
  @Get('command')
  @RefusalsCarry({ success: false })
  command(): never {
    throw thrown;
  }

  @Get('read')
  read(): never {
    throw thrown;
  }
}

@Controller('streaming')
class StreamingController {
  /** A long answer under way (a whole thread) when its store goes away or its deadline passes. */
  @Get()
  async stream(@Res() res: Response): Promise<void> {
    res.status(200).type('json');
    res.write('{"comments":[');
    await new Promise((resolve) => setTimeout(resolve, 20));
    throw thrown;
  }
}

@Module({ controllers: [PlainController, CarryingController, OneRouteController, StreamingController] })
class RefusingModule {}

describe('RefusalFilter and RefusalsCarry', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    app = await NestFactory.create(RefusingModule, { logger: false });
    app.useGlobalFilters(new RefusalFilter(app.getHttpAdapter()));
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });

  afterAll(() => app.close());

  /** What `path` answers when its handler throws `error`: status, the raw body, and the headers. */
  async function answer(path: string, error: unknown) {
    thrown = error;
    const response = await fetch(`${base}/${path}`);
    return { status: response.status, body: await response.text(), headers: response.headers };
  }

  it.each<[RefusalCode, number]>([
    ['invalid', 400],
    ['unauthenticated', 401],
    ['forbidden', 403],
    ['not-found', 404],
    ['too-many', 429],
  ])('answers a refusal of kind %s with %i and the message alone by default', async (code, status) => {
    expect(await answer('plain', new DomainError(code, 'Why not.'))).toMatchObject({ status, body: JSON.stringify({ statusCode: status, message: 'Why not.' }) });
  });

  it('carries what the controller says, between the status and the message', async () => {
    expect((await answer('comments', new DomainError('forbidden', 'You can only edit your own comment.'))).body).toBe(
      '{"statusCode":403,"success":0,"message":"You can only edit your own comment."}',
    );
  });

  it('carries what one route says on that route only', async () => {
    expect(JSON.parse((await answer('accounts/command', new DomainError('invalid', 'Taken.'))).body)).toEqual({ statusCode: 400, success: false, message: 'Taken.' });
    expect(JSON.parse((await answer('accounts/read', new DomainError('invalid', 'Taken.'))).body)).toEqual({ statusCode: 400, message: 'Taken.' });
  });

  it('answers a lost race 409 and a store away 503 with Retry-After, in the route’s body', async () => {
    expect(JSON.parse((await answer('comments', new ConcurrencyError('story-1', 3))).body)).toMatchObject({ statusCode: 409, success: 0 });
    const away = await answer('comments', new MongoNetworkError('connection 4 to 127.0.0.1:27017 closed'));
    expect(away.status).toBe(503);
    expect(away.headers.get('retry-after')).toBe('5');
    expect(JSON.parse(away.body)).toEqual({ statusCode: 503, success: 0, message: 'The site is temporarily unavailable. Please try again shortly.' });
  });

  it('cuts an answer under way when its store goes away, so that the client sees it fail, not a shorter 200', async () => {
    thrown = new MongoNetworkError('connection 4 to 127.0.0.1:27017 closed');
    const response = await fetch(`${base}/streaming`);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });

  it('leaves any other error to Nest’s default handling: a 500 without details', async () => {
    expect(await answer('comments', new TypeError('boom'))).toMatchObject({ status: 500, body: JSON.stringify({ statusCode: 500, message: 'Internal server error' }) });
  });
});
