// An in-process site for integration tests: the API and the workers on the real FerretDB, Redis and SMTP catcher,
// a small generated catalog, and readers registered and verified the way a person does it (through the e-mail).
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { getConnectionToken } from '@nestjs/mongoose';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { type AnyDomainEvent, type AuthUser, type LoginResponse, SocialEventType, socialStreams } from '@shelf/contracts';
import type { EnvVariables } from '@shelf/server-config';
import { waitForMail } from '@test/support';
import type { Connection } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { EventStore } from '../backend/src/event-store/event-store';
import { listeningApi } from '@test/listening-api';
import { ReadModels as ApiReadModels } from '../backend/src/platform/read-models';
import { SaveBookCommand } from '../backend/src/modules/catalog/application/save-book.command';
import { SaveChapterCommand } from '../backend/src/modules/catalog/application/save-chapter.command';
import { generateDemoCatalog } from '../backend/src/demo-catalog/demo-catalog';
import { dropAll, projectionLag, ProjectionSignals, type Projector, PROJECTORS, ReadModels, type RebuildProgress, rebuildProjections, type RebuildResult } from '../workers/src/engine';
import { WorkersModule } from '../workers/src/workers.module';
import { isOutage } from '../workers/src/log/is-outage';

export interface Reader {
  user: AuthUser;
  token: string;
  /** A distinct client address, so the per-address limits of registration and login do not join up. */
  ip: string;
}

export interface TestSite {
  api: NestExpressApplication;
  workers: INestApplicationContext;
  base: string;
  store: Connection;
  /** Resolves once every appended event is projected. */
  drained(): Promise<void>;
  call<T = Record<string, unknown>>(method: string, path: string, options?: { body?: unknown; token?: string; ip?: string }): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

const PASSWORD = 'correct horse battery staple';
let readers = 0;

export async function startSite(env: EnvVariables): Promise<TestSite> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startSiteOnce(env);
    } catch (error) {
      // A store busy with another file's work may not answer a start's calls in time: started again, as a supervisor would.
      if (attempt >= 3 || !isOutage(error)) throw error;
    }
  }
}

async function startSiteOnce(env: EnvVariables): Promise<TestSite> {
  const workers = await NestFactory.createApplicationContext(WorkersModule.register(env), { logger: ['error'] });
  const { api, base } = await listeningApi(env).catch(async (error: unknown) => {
    await workers.close().catch(() => undefined);
    throw error;
  });
  const store = api.get<Connection>(getConnectionToken());

  return {
    api,
    workers,
    base,
    store,
    drained: () => projectionsDone(store, workers),
    async call(method, path, { body, token, ip } = {}) {
      const response = await fetch(`${base}/api/${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(ip ? { 'x-forwarded-for': ip } : {}),
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as never };
    },
    async close() {
      await store.dropDatabase();
      await api.close();
      await workers.close();
    },
  };
}

/** Waits until every projector's checkpoint has reached the head of every partition of the log. */
export async function projectionsDone(store: Connection, workers: INestApplicationContext, timeoutMs = 30_000): Promise<void> {
  const names = workers.get<Projector[]>(PROJECTORS).map((projector) => projector.name);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // A poll the busy store does not answer within the API's command timeout is a "not yet", not a failure.
    const lag = await projectionLag(store.db!, names).catch((error: unknown) => {
      if (isOutage(error)) return { unanswered: 1 };
      throw error;
    });
    if (Object.values(lag).every((behind) => behind === 0)) return;
    if (Date.now() > deadline) throw new Error(`projections did not catch up: ${JSON.stringify(lag)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Rebuilds read models the way `npm run projections:rebuild` does (all of them when no projector is named), with the
 * workers' own parts; once `api` (when given) reads the new collections, drops the ones they replaced.
 */
export async function rebuild(
  workers: INestApplicationContext,
  { api, names = [], onProgress = () => undefined }: { api?: INestApplicationContext; names?: string[]; onProgress?: (progress: RebuildProgress) => void } = {},
): Promise<RebuildResult> {
  const readModels = workers.get(ReadModels);
  const signals = workers.get(ProjectionSignals);
  const deps = { db: readModels.db, readModels, projectors: workers.get<Projector[]>(PROJECTORS), announce: signals.announce.bind(signals) };
  const result = await rebuildProjections(deps, names, onProgress);
  await api?.get(ApiReadModels).refresh();
  await dropAll(readModels.db, result.replaced);
  return result;
}

/** Every document of the read models named, by name, sorted by `_id`, from the collections that hold them now. */
export async function readModelSnapshot(workers: INestApplicationContext, names: string[]): Promise<Record<string, unknown[]>> {
  const readModels = workers.get(ReadModels);
  await readModels.refresh();
  const entries = await Promise.all(
    names.map(async (name) => {
      const docs = await readModels.db.collection(readModels.physical(name)).find({}).toArray();
      // The events a head remembers counting are a set: events of many partitions reach it in no fixed order. Which
      // committed batch wrote a document (_batch; _fence before batches were committed) is bookkeeping of the live
      // writers, not part of the read model.
      const normalized = docs.map(({ _fence, _batch, ...doc }) => (Array.isArray(doc.applied) ? { ...doc, applied: [...(doc.applied as string[])].sort() } : doc));
      return [name, normalized.sort((a, b) => String(a._id).localeCompare(String(b._id)))] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * Publishes a small generated catalog straight through the catalog commands; resolves with its books, once projected
 * (unless `projected` is false: with no workers running, say).
 */
export async function seedCatalog(site: TestSite, books = 3, { projected = true } = {}): Promise<{ bookId: number; chapterIds: number[] }[]> {
  const commands = site.api.get(CommandBus);
  const by = { actor: 'test', correlationId: 'seed', causationId: null };
  const seeded = [];
  const generated = generateDemoCatalog({ books, minChapters: 2, maxChapters: 3, minWordsPerChapter: 40, maxWordsPerChapter: 60, seed: 11, now: new Date() });
  for (const { book, chapters } of generated) {
    await commands.execute(new SaveBookCommand(book, by));
    for (const chapter of chapters) await commands.execute(new SaveChapterCommand(chapter, by));
    seeded.push({ bookId: book.book_id, chapterIds: chapters.map((chapter) => chapter.chapter_id) });
  }
  if (projected) await site.drained();
  return seeded;
}

/**
 * A comment appended straight to the log, as the API's post command appends it but without the poster's 30-second
 * cooldown or account (so that a test can bring hundreds, by anyone); resolves with its id.
 */
export async function appendComment(
  site: TestSite,
  { userId, parent = null, bookId, chapterId = null, content }: { userId: string; parent?: { id: string; author: string } | null; bookId: number; chapterId?: number | null; content: string },
): Promise<string> {
  const id = randomUUID();
  const data = {
    comment_id: id,
    book_id: bookId,
    chapter_id: chapterId,
    parent_comment_id: parent?.id ?? null,
    parent_user_id: parent?.author ?? null,
    user_id: userId,
    username: userId,
    email_hash: 'x',
    comment_content: content,
  };
  const by = { actor: 'test', correlationId: 'append-comment', causationId: null };
  await site.api.get(EventStore).append(socialStreams.comment(id), 0, [{ type: SocialEventType.CommentPosted, data } as Pick<AnyDomainEvent, 'type' | 'data'>], by);
  return id;
}

/** Registers a reader, follows the e-mailed link unless `verified` is false, and logs in. */
export async function registerReader(site: TestSite, name: string, { verified = true } = {}): Promise<Reader> {
  readers += 1;
  const ip = `10.77.${Math.floor(readers / 250)}.${(readers % 250) + 1}`;
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${readers}.${Date.now()}@example.test`;
  const register = () => site.call('POST', 'user/register', { body: { email, password: PASSWORD, username: `${name} ${readers}`, honeypot: '' }, ip });
  // A store too busy to answer within the request deadline gets a 503 "try again shortly": a reader tries again.
  let registered = await register();
  for (let retries = 3; registered.status === 503 && retries > 0; retries -= 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    registered = await register();
  }
  if (registered.status !== 200) throw new Error(`register ${name}: ${JSON.stringify(registered.body)}`);
  if (verified) {
    const mail = await waitForMail(email, 15_000, 'Verify your e-mail for Novel Shelf');
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    await site.call('GET', `user/verify-email?${link.searchParams}`, { ip });
  }
  const login = await site.call<LoginResponse>('POST', 'user/login', { body: { email, password: PASSWORD, honeypot: '' }, ip });
  if (!login.body.token) throw new Error(`login ${name}: ${JSON.stringify(login.body)}`);
  return { user: login.body.user!, token: login.body.token, ip };
}
