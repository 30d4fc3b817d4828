// Property-based fuzzing of every route of the running API (fast-check): hostile bodies, queries, path segments,
// content types and credentials, over real HTTP. The property: never a 5xx, every refusal a JSON `message`, and the
// server stays up. In CI: up to 300 requests per route, 70 s in all; `npm run fuzz` runs far more (FUZZ_RUNS per
// route, FUZZ_SECONDS in all). A failure prints fast-check's counterexample and the FUZZ_SEED that replays the run.
import { CommandBus } from '@nestjs/cqrs';
import { testEnv } from '@test/support';
import fc from 'fast-check';
import { SERVER_PATHS } from '../../backend/src/create-app';
import { ChangeOperatorRoleCommand } from '../../backend/src/modules/accounts/application/change-operator-role.command';
import { type Reader, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';
import { type ApiRoute, apiRoutes, type Fixtures } from './api-routes';
import { hostileBody, hostileHttp, hostileQuery, hostileSegment } from './hostile-values';
import { exchange, type RawRequest, type RawResponse, send } from './raw-http';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 70);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ADMIN = { user: 'operator', password: 'fuzz operator password' };
const env = testEnv(__filename, { ADMIN_USER: ADMIN.user, ADMIN_PASSWORD: ADMIN.password });

/** Named credentials, replaced by the real header when sent; any other value is sent as the header itself. */
const CREDENTIALS = ['none', 'reader', 'unverified', 'tampered', 'moderator', 'operator', 'wrong-operator'] as const;
type Credentials = (typeof CREDENTIALS)[number];
const ODD_AUTHORIZATION = [
  'Bearer',
  'Bearer ',
  'bearer x.y.z',
  'Bearer eyJhbGciOiJub25lIn0.e30.',
  'Bearer a.b.c.d',
  `Bearer ${'a'.repeat(6000)}`,
  'Basic',
  'Basic !!!!',
  `Basic ${Buffer.from('no colon').toString('base64')}`,
  `Basic ${Buffer.from(':').toString('base64')}`,
  'Digest username="x"',
];

interface FuzzRequest {
  method: string;
  path: string;
  query: string;
  body?: string;
  contentType?: string;
  contentEncoding?: string;
  authorization: string;
  clientIp: string;
}

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=nope',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/*',
  'a/b/c;;;=',
];

/** Arbitrary requests aimed at one route: its method mostly, its path with hostile segments, hostile input. */
function requestsFor(route: ApiRoute): fc.Arbitrary<FuzzRequest> {
  const path = fc
    .tuple(...route.path.split('/').map((part) => (part.startsWith(':') ? hostileSegment(route.segments![part.slice(1)]) : fc.constant(part))))
    .map((parts) => parts.join('/'));
  return fc.record(
    {
      method: fc.oneof({ weight: 9, arbitrary: fc.constant(route.method) }, fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD')),
      path: fc.tuple(path, fc.oneof({ weight: 12, arbitrary: fc.constant('') }, fc.constantFrom('/', '/x', '%2F', '//'))).map(([base, suffix]) => base + suffix),
      query: fc.oneof(fc.constant(''), hostileQuery(route.query ?? {})),
      body: route.body ? hostileBody(route.body) : fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, hostileBody({ a: 1 })),
      contentType: fc.oneof({ weight: 12, arbitrary: fc.constant('application/json') }, fc.constantFrom(...CONTENT_TYPES)),
      contentEncoding: fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-nope')),
      authorization: fc.oneof(
        { weight: route.reader ? 12 : 1, arbitrary: fc.constant('reader') },
        { weight: route.operator ? 12 : 1, arbitrary: fc.constant('moderator') },
        { weight: 4, arbitrary: fc.constantFrom<string>(...CREDENTIALS) },
        { weight: 1, arbitrary: fc.constantFrom(...ODD_AUTHORIZATION) },
      ),
      // Spread over many addresses (the API believes X-Forwarded-For from loopback), so per-address limits rarely answer.
      clientIp: fc.oneof({ weight: 9, arbitrary: fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map((bytes) => `10.${bytes.join('.')}`) }, fc.constantFrom('', 'unknown', '::1, ,', '999.1.1.1')),
    },
    { requiredKeys: ['method', 'path', 'query', 'body', 'authorization', 'clientIp'] },
  );
}

describe('fuzzing every route', () => {
  let site: TestSite;
  let port: number;
  let routes: ApiRoute[];
  let deadline: number;
  let credentials: Record<Credentials, string | undefined>;

  beforeAll(async () => {
    site = await startSite(env);
    port = Number(new URL(site.base).port);
    const books = await seedCatalog(site, 2);
    const [reader, unverified, moderator]: Reader[] = await Promise.all([
      registerReader(site, 'Fuzzer'),
      registerReader(site, 'Unverified', { verified: false }),
      registerReader(site, 'Moderator'),
    ]);
    await site.api.get(CommandBus).execute(new ChangeOperatorRoleCommand(moderator.user.email, true, 'operators-cli:fuzz'));
    const posted = await site.call<{ comment_id: string }>('POST', 'comment/post-comments', {
      body: { book_id: books[0].bookId, chapter_id: books[0].chapterIds[0], comment_content: 'A first comment for the fuzzer to aim at.' },
      token: reader.token,
    });
    const fixtures: Fixtures = { bookIds: books.map((book) => book.bookId), chapterIds: books[0].chapterIds, commentIds: [posted.body.comment_id] };
    routes = apiRoutes(fixtures);
    credentials = {
      none: undefined,
      reader: `Bearer ${reader.token}`,
      unverified: `Bearer ${unverified.token}`,
      // The reader's token with another signature.
      tampered: `Bearer ${reader.token.replace(/[^.]+$/, 'c2lnbmF0dXJl')}`,
      // An account holding the operator role.
      moderator: `Bearer ${moderator.token}`,
      // The queue dashboard's Basic credentials.
      operator: `Basic ${Buffer.from(`${ADMIN.user}:${ADMIN.password}`).toString('base64')}`,
      'wrong-operator': `Basic ${Buffer.from(`${ADMIN.user}:wrong`).toString('base64')}`,
    };
    deadline = Date.now() + SECONDS * 1000;
  }, 120_000);

  afterAll(() => site?.close());

  const toRaw = (request: FuzzRequest): RawRequest => {
    const headers: Record<string, string> = {};
    const put = (name: string, value: string | undefined) => value !== undefined && (headers[name] = value);
    put('content-type', request.contentType);
    put('content-encoding', request.contentEncoding);
    put('authorization', request.authorization in credentials ? credentials[request.authorization as Credentials] : request.authorization);
    put('x-forwarded-for', request.clientIp);
    return { method: request.method, path: request.query ? `${request.path}?${request.query}` : request.path, headers, body: request.body };
  };

  /** A GET outside the paths the server answers itself asks for a page. */
  const isPage = (request: RawRequest) => request.method === 'GET' && !SERVER_PATHS.some((prefix) => request.path.startsWith(prefix));

  /** Throws unless the answer is a non-5xx and, for a refusal the API makes, JSON with a message (or, for a page, the app's HTML). */
  const expectWellAnswered = (route: ApiRoute, request: RawRequest, response: RawResponse) => {
    const seen = () => `${request.method} ${request.path.slice(0, 300)} ${JSON.stringify(request.headers)} ${request.body?.slice(0, 300)}\n→ ${response.status} ${response.body.slice(0, 300)}`;
    if (response.status >= 500) throw new Error(`a ${response.status}: ${seen()}`);
    if (response.status < 400 || request.method === 'HEAD' || route.jsonErrors === false) return;
    // A page of the web app (a story that does not exist, say) may be refused with the app's own 404 page, for a browser.
    if (isPage(request) && response.contentType.startsWith('text/html')) return;
    if (!response.contentType.startsWith('application/json')) throw new Error(`a refusal that is not JSON: ${seen()}`);
    const message = (JSON.parse(response.body) as { message?: unknown }).message;
    if (typeof message !== 'string' || message === '') throw new Error(`a refusal without a message: ${seen()}`);
  };

  // A name per route, known before the routes themselves (their segments come from the seeded site).
  const names = apiRoutes({ bookIds: [1], chapterIds: [1], commentIds: [''] }).map((route, index) => [`${route.method} ${route.path}`, index] as const);
  /** The routes' properties, then the framing one: each gets an equal share of the time still left. */
  const properties = names.length + 1;

  /** Runs property number `index` with its own seed and time share; a failure names the seed to replay it. */
  async function check<T>(index: number, property: fc.IAsyncProperty<T>): Promise<void> {
    const timeShare = Math.max(1000, (deadline - Date.now()) / (properties - index));
    try {
      await fc.assert(property, { numRuns: RUNS, seed: SEED + index, includeErrorInReport: true, plugins: [fc.interruptAfterTimeLimit(timeShare)] });
    } catch (error) {
      throw new Error(`Replay with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}.\n${(error as Error).message}`);
    }
  }

  it.each(names)(
    '%s: no 5xx, every refusal with a message',
    (_name, index) =>
      check(
        index,
        fc.asyncProperty(requestsFor(routes[index]), async (request) => {
          const raw = toRaw(request);
          expectWellAnswered(routes[index], raw, await send(port, raw));
        }),
      ),
    SECONDS * 1000 + 60_000,
  );

  it(
    'answers hostile HTTP framing without a 5xx',
    () =>
      check(
        names.length,
        fc.asyncProperty(hostileHttp, async (bytes) => {
          const reply = await exchange(port, bytes);
          const statuses = [...reply.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((match) => Number(match[1]));
          if (statuses.some((status) => status >= 500)) throw new Error(`${JSON.stringify(bytes.slice(0, 500))}\n→ ${reply.slice(0, 500)}`);
        }),
      ),
    SECONDS * 1000 + 60_000,
  );

  it('is still up', async () => {
    expect((await send(port, { method: 'GET', path: '/api/health', headers: {} })).status).toBe(200);
  });
});
