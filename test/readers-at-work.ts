// Readers at work through the API of a site under faults: likers liking and unliking, commenters posting when their
// cooldown allows, pollers reading like counts and threads. Every call is timed and its answer kept, so a test can
// say whether every call answered (200, or 503 with Retry-After) within the budget at every moment, and what the
// readers were acknowledged for, to hold the read models to it once the faults are over.
import { JwtService } from '@nestjs/jwt';
import type { CommentsResponse, LikeStatusResponse } from '@shelf/contracts';
import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_LIFETIME, accessTokenKey } from '../backend/src/modules/accounts/api/access-token-key';

/** What every call of a reader must answer within, fault or not (issue 44). */
export const ANSWER_BUDGET_MS = 3000;
/** A liker's likes before a fresh liker takes over: below the per-reader like limit (60 a minute, a product rule). */
const LIKES_PER_LIKER = 25;
/** A reader's comments are 30 s apart at least (a product rule). */
const COMMENT_COOLDOWN_MS = 30_500;

export interface CallRecord {
  kind: string;
  status: number;
  ms: number;
  retryAfter: boolean;
  at: number;
}

interface Liker {
  token: string;
  likes: number;
}

/** One reader's likes of one book: the last state asked for, and whether any call of the pair went unanswered. */
export interface LikePair {
  userId: string;
  token: string;
  bookId: number;
  liked: boolean;
  /** A call of the pair answered other than 200: it may have been stored, later than the ones after it. */
  uncertain: boolean;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ReadersAtWork {
  readonly calls: CallRecord[] = [];
  /** Each liker-and-book pair, by token and book. */
  private readonly likes = new Map<string, LikePair>();
  private readonly users = new Map<string, string>();
  private readonly jwt: JwtService;
  private running = false;
  private loops: Promise<void>[] = [];
  private signed = 0;

  constructor(
    private readonly base: string,
    authSecret: string,
    private readonly books: { bookId: number; chapterIds: number[] }[],
  ) {
    this.jwt = new JwtService({ secret: accessTokenKey({ authSecret }), signOptions: { expiresIn: ACCESS_TOKEN_LIFETIME, algorithm: 'HS256' } });
  }

  /** One API call, timed; a call that cannot connect or is cut off counts as status 0 (never acceptable). */
  async call<T>(kind: string, method: string, path: string, { body, token }: { body?: unknown; token?: string } = {}): Promise<{ status: number; body: T | null }> {
    const started = performance.now();
    let status = 0;
    let retryAfter = false;
    let parsed: T | null = null;
    try {
      const response = await fetch(`${this.base}/api/${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      status = response.status;
      retryAfter = response.headers.has('retry-after');
      parsed = (await response.json().catch(() => null)) as T | null;
    } catch {
      status = 0;
    }
    this.calls.push({ kind, status, ms: performance.now() - started, retryAfter, at: Date.now() });
    return { status, body: parsed };
  }

  /** A signed access token of a reader nobody registered (likes need no more; the API checks the signature). */
  freshToken(): string {
    const n = this.signed++;
    const userId = randomUUID();
    const token = this.jwt.sign({ sub: userId, username: `Liker ${n}`, email: `liker${n}@faults.test`, email_verified: true });
    this.users.set(token, userId);
    return token;
  }

  /** A like or an unlike of `bookId` as `token`, remembered as that reader's intended state. */
  async like(token: string, bookId: number, liked: boolean): Promise<number> {
    const { status } = await this.call('like', 'POST', liked ? 'like/like-book' : 'like/remove-like-book', { body: { book_id: bookId }, token });
    const key = `${token} ${bookId}`;
    const uncertain = status !== 200 || this.likes.get(key)?.uncertain === true;
    this.likes.set(key, { userId: this.users.get(token)!, token, bookId, liked, uncertain });
    return status;
  }

  /** Starts `likers` likers, `pollers` pollers and the commenters given, until `stop`. */
  start({ likers, pollers, commenters = [], likeEveryMs = 100 }: { likers: number; pollers: number; commenters?: string[]; likeEveryMs?: number }): void {
    this.running = true;
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
    this.loops = [
      ...Array.from({ length: likers }, async () => {
        let liker: Liker = { token: this.freshToken(), likes: 0 };
        const state = new Map<number, boolean>();
        while (this.running) {
          if (liker.likes >= LIKES_PER_LIKER) {
            liker = { token: this.freshToken(), likes: 0 };
            state.clear();
          }
          const { bookId } = pick(this.books);
          const liked = !state.get(bookId);
          state.set(bookId, liked);
          liker.likes += 1;
          await this.like(liker.token, bookId, liked);
          await pause(likeEveryMs);
        }
      }),
      ...Array.from({ length: pollers }, async () => {
        while (this.running) {
          const { bookId, chapterIds } = pick(this.books);
          if (Math.random() < 0.5) await this.call<LikeStatusResponse>('like count', 'GET', `like/show-visitor-like-count?book_id=${bookId}`);
          else await this.call<CommentsResponse>('thread', 'GET', `comment/show-comments?book_id=${bookId}&chapter_id=${chapterIds[0]}&criteria=newest`);
          await pause(20);
        }
      }),
      ...commenters.map(async (token, i) => {
        // Spread over the first cooldown, then one comment per cooldown, a reply when there is something to reply to.
        await pause((COMMENT_COOLDOWN_MS * i) / Math.max(1, commenters.length));
        while (this.running) {
          const { bookId, chapterIds } = pick(this.books);
          const thread = await this.call<CommentsResponse>('thread', 'GET', `comment/show-comments?book_id=${bookId}&chapter_id=${chapterIds[0]}&criteria=newest`);
          const parent = thread.body?.comments?.[0]?.comment_id ?? null;
          await this.call('comment', 'POST', 'comment/post-comments', {
            body: { book_id: bookId, chapter_id: chapterIds[0], parent_comment_id: parent, comment_content: `A comment under faults, ${randomUUID()}.`, honeypot: '' },
            token,
          });
          const until = Date.now() + COMMENT_COOLDOWN_MS;
          while (this.running && Date.now() < until) await pause(200);
        }
      }),
    ];
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /**
   * Once the calls a refusal left running are over (each store call is bounded), asks again for the last state of
   * every pair whose calls were not all answered 200, until it is: then every pair's stream must end in the state the
   * reader last asked for. Resolves with every pair.
   */
  async settle(): Promise<LikePair[]> {
    await pause(6000);
    const uncertain = [...this.likes.values()].filter((pair) => pair.uncertain);
    const settleOne = async (pair: LikePair) => {
      while ((await this.call('like (settle)', 'POST', pair.liked ? 'like/like-book' : 'like/remove-like-book', { body: { book_id: pair.bookId }, token: pair.token })).status !== 200) await pause(500);
    };
    for (let i = 0; i < uncertain.length; i += 20) await Promise.all(uncertain.slice(i, i + 20).map(settleOne));
    return [...this.likes.values()];
  }

  /** The calls that broke the rule: an answer other than 200 or 503 with Retry-After, or one later than the budget. */
  offences(allowed: (record: CallRecord) => boolean = () => false): CallRecord[] {
    return this.calls.filter((record) => !allowed(record) && (record.ms > ANSWER_BUDGET_MS || !(record.status === 200 || (record.status === 503 && record.retryAfter))));
  }

  /** Counts by status, and the slowest answers: what a test prints. */
  summary(): string {
    const statuses = new Map<number, number>();
    for (const { status } of this.calls) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const times = this.calls.map(({ ms }) => ms).sort((a, b) => a - b);
    const at = (q: number) => (times.length ? times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(0) : '-');
    return `${this.calls.length} calls; statuses ${JSON.stringify(Object.fromEntries(statuses))}; ms p50 ${at(0.5)} p99 ${at(0.99)} max ${at(1)}`;
  }
}
