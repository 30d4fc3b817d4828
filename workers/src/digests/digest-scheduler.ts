import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  DIGEST_KINDS,
  type DigestChoicesReadModel,
  type DigestKind,
  DigestReadModelCollection,
  type DigestRosterReadModel,
  type DigestZonesReadModel,
  digestRosterId,
  digestZonesId,
  PARTITION_COUNT,
} from '@shelf/contracts';
import { signDigestUnsubscribe } from '@shelf/server-config';
import type { Connection } from 'mongoose';
import { SERVICE_ENV, type ServiceEnv } from '../config/service-env';
import { MailOutbox } from '../mail/mail-outbox';
import { Checkpoints, ReadModels } from '../engine';
import { DigestContents, type DigestWindow } from './digest-contents';
import { digestMail } from './digest-mail';
import { duePeriods, PERIOD_MS } from './digest-periods';
import { isDuplicateKey } from '@shelf/event-log';

/** The scheduler's own records (not read models: nothing in the log makes them), looked up by `_id` alone. */
export const DIGEST_RUNS_COLLECTION = 'digest_runs';

/**
 * `zone:{zone}`: the periods whose digests every reader of the zone has had (`daily`, `weekly`: period names).
 * `reader:{user}:{kind}`: the reader's latest digest of that kind: its period, the window it covers (DigestWindow: by
 * position in the log, `from` and `to` per partition; the next one starts where it ends, so nothing falls between two
 * nor is in both), and whether it was put in the outbox (or had nothing).
 */
export interface DigestRunDocument {
  _id: string;
  daily?: string;
  weekly?: string;
  period?: string;
  since?: string;
  until?: string;
  from?: number[];
  to?: number[];
  done?: boolean;
}

/**
 * For items without a place in the log only (DigestWindow): what came this recently by time may not be projected yet.
 * Items with a place go by what was projected, whatever the lag.
 */
export const PROJECTION_MARGIN_MS = 10_000;
/** The projector whose checkpoints say what a digest of each kind can list: what it has projected. */
const LISTED_BY: Record<DigestKind, string> = { replies: 'reply-inbox', chapters: 'catalog' };
/** Readers of one zone whose digests are made at once. */
const READERS_AT_ONCE = 4;

/** The outbox key of a reader's digest of one kind for one period: one message, whoever sends it and how often. */
export const digestKey = (userId: string, kind: DigestKind, period: string): string => `digest-${userId}-${kind}-${period}`;

export interface DigestRunReport {
  /** Zones with a period due and not yet done. */
  zones: number;
  readers: number;
  /** Digests put in the outbox (a key already there counts too: the outbox keeps one). */
  queued: number;
  /** Digests due with nothing new, not sent. */
  empty: number;
}


/**
 * Finds the readers whose digests are due and puts each digest in the mail outbox, keyed by reader, kind and period.
 * A run reads each partition's list of zones (16 reads), and for each zone at its morning whose period is not done
 * yet, its 16 rosters, then per reader their choices, their run record and what the digest lists (DigestContents);
 * then it marks the zone done. Every read is by `_id`. Killed at any point, the next run (of any worker) does the
 * zone again: a reader's window is claimed before the digest is made (so it is the same window however often it is
 * made), the outbox keeps one message per key, and the reader's record marks it done after.
 */
@Injectable()
export class DigestScheduler {
  private readonly logger = new Logger(DigestScheduler.name);

  constructor(
    private readonly readModels: ReadModels,
    private readonly outbox: MailOutbox,
    @InjectConnection() private readonly connection: Connection,
    @Inject(SERVICE_ENV) private readonly env: ServiceEnv,
  ) {}

  private get runs() {
    return this.connection.collection<DigestRunDocument>(DIGEST_RUNS_COLLECTION);
  }

  async run(now = new Date()): Promise<DigestRunReport> {
    const report: DigestRunReport = { zones: 0, readers: 0, queued: 0, empty: 0 };
    // The collections the read models live in now (a rebuild moves them; a worker just started knows none yet).
    await this.readModels.refresh();
    const rosters = this.readModels.collection<DigestRosterReadModel>(DigestReadModelCollection.Rosters);
    const zoneLists = await Promise.all(
      Array.from({ length: PARTITION_COUNT }, (_, partition) => this.readModels.collection<DigestZonesReadModel>(DigestReadModelCollection.Rosters).findOne({ _id: digestZonesId(partition) })),
    );
    const contents = new DigestContents(this.readModels);
    const projected = this.projectedPositions();
    for (const zone of new Set(zoneLists.flatMap((list) => list?.zones ?? []))) {
      const due = duePeriods(now, zone);
      if (!due.daily && !due.weekly) continue;
      const done = await this.runs.findOne({ _id: `zone:${zone}` });
      const pending = { daily: due.daily !== done?.daily ? due.daily : undefined, weekly: due.weekly !== done?.weekly ? due.weekly : undefined };
      if (!pending.daily && !pending.weekly) continue;
      report.zones++;
      const parts = await Promise.all(Array.from({ length: PARTITION_COUNT }, (_, partition) => rosters.findOne({ _id: digestRosterId(zone, partition) })));
      const readers = parts.flatMap((part) => part?.readers ?? []);
      report.readers += readers.length;
      for (let i = 0; i < readers.length; i += READERS_AT_ONCE) {
        await Promise.all(readers.slice(i, i + READERS_AT_ONCE).map((userId) => this.reader(userId, zone, pending, now, contents, projected, report)));
      }
      await this.markZoneDone(zone, pending);
    }
    if (report.queued > 0) this.logger.log(`digests: ${report.queued} put in the outbox for ${report.readers} reader(s) in ${report.zones} zone(s)`);
    return report;
  }

  /** Marks the zone's periods done; a check running beside this one may insert the record first (then it is updated). */
  private async markZoneDone(zone: string, pending: { daily?: string; weekly?: string }): Promise<void> {
    const done = { $set: { ...(pending.daily && { daily: pending.daily }), ...(pending.weekly && { weekly: pending.weekly }) } };
    try {
      await this.runs.updateOne({ _id: `zone:${zone}` }, done, { upsert: true });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      await this.runs.updateOne({ _id: `zone:${zone}` }, done);
    }
  }

  /**
   * Per kind, per partition, the position its listing projector has projected to, read once per run when first needed
   * (16 `_id` reads): a window claimed in this run ends there.
   */
  private projectedPositions(): () => Promise<Record<DigestKind, number[]>> {
    let read: Promise<Record<DigestKind, number[]>> | undefined;
    return () =>
      (read ??= (async () => {
        const checkpoints = new Checkpoints(this.connection.db!);
        const names = Object.values(LISTED_BY);
        const partitions = await Promise.all(Array.from({ length: PARTITION_COUNT }, (_, partition) => checkpoints.loadPartition(partition, names)));
        const positions = (kind: DigestKind) => partitions.map((found) => found.get(LISTED_BY[kind])!.position);
        return { replies: positions('replies'), chapters: positions('chapters') };
      })());
  }

  private async reader(
    userId: string,
    zone: string,
    pending: { daily?: string; weekly?: string },
    now: Date,
    contents: DigestContents,
    projected: () => Promise<Record<DigestKind, number[]>>,
    report: DigestRunReport,
  ) {
    const choices = await this.readModels.collection<DigestChoicesReadModel>(DigestReadModelCollection.Choices).findOne({ _id: userId });
    if (!choices || choices.time_zone !== zone) return;
    for (const kind of DIGEST_KINDS) {
      const frequency = choices[kind];
      const period = frequency === 'none' ? undefined : pending[frequency];
      if (frequency === 'none' || !period) continue;
      const window = await this.claimWindow(userId, kind, frequency, period, now, (await projected())[kind]);
      if (!window) continue;
      const found = kind === 'chapters' ? await contents.chapters(userId, window) : await contents.replies(userId, window);
      if (found.total > 0) {
        const token = signDigestUnsubscribe(this.env.authSecret, userId, kind);
        const mail = digestMail(
          {
            userId,
            to: choices.email,
            username: await contents.username(userId),
            kind,
            frequency,
            timeZone: zone,
            publicUrl: this.env.publicUrl,
            unsubscribeUrl: `${this.env.publicUrl}/api/digests/unsubscribe?${new URLSearchParams({ token })}`,
            unsubscribePage: `${this.env.publicUrl}/digests/unsubscribe?${new URLSearchParams({ token })}`,
          },
          found,
        );
        await this.outbox.enqueue(digestKey(userId, kind, period), mail);
        report.queued++;
      } else {
        report.empty++;
      }
      await this.runs.updateOne({ _id: readerRunId(userId, kind) }, { $set: { done: true } });
    }
  }

  /**
   * The window the reader's digest of `period` covers (DigestWindow): from where their last one ended (a first one: one
   * period back by time) to what is projected now (`projected`, per partition). Claimed once per period: a run that
   * finds the period claimed (by an earlier run that stopped, or another worker now) makes the digest of that same
   * window, or nothing when it was done.
   */
  private async claimWindow(userId: string, kind: DigestKind, frequency: 'daily' | 'weekly', period: string, now: Date, projected: number[]): Promise<DigestWindow | null> {
    const _id = readerRunId(userId, kind);
    const last = await this.runs.findOne({ _id });
    if (last?.period === period) return last.done ? null : windowOf(last);
    const until = new Date(now.getTime() - PROJECTION_MARGIN_MS).toISOString();
    // After an unfinished period (its window over before it was done), the next digest covers that one's window too.
    const since = last ? (last.done ? last.until! : last.since!) : new Date(now.getTime() - PERIOD_MS[frequency]).toISOString();
    const from = last ? (last.done ? last.to : last.from) : undefined;
    const claimed: DigestWindow = { since, until, ...(from && { from }), to: projected };
    try {
      await this.runs.updateOne({ _id, period: { $ne: period } }, { $set: { period, ...claimed, done: false } }, { upsert: true });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const won = await this.runs.findOne({ _id });
      return won?.done ? null : windowOf(won!);
    }
    return claimed;
  }
}

const readerRunId = (userId: string, kind: DigestKind) => `reader:${userId}:${kind}`;
const windowOf = ({ since, until, from, to }: DigestRunDocument): DigestWindow => ({ since: since!, until: until!, ...(from && { from }), ...(to && { to }) });
