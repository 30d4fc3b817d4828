import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { QueueName } from '@shelf/contracts';
import type { Queue } from 'bullmq';

/** The job states reported per queue. No job of the site has a priority or children, so these are all it uses. */
export const JOB_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Jobs per state, by queue name. */
export type QueueDepths = Record<string, Record<JobState, number>>;

/** How many jobs each BullMQ queue of the site (every QueueName) holds in each state, from the API's own queues. */
@Injectable()
export class QueueDepthReader implements OnModuleInit {
  private queues: Queue[] = [];

  constructor(private readonly moduleRef: ModuleRef) {}

  onModuleInit(): void {
    this.queues = Object.values(QueueName).map((name) => this.moduleRef.get<Queue>(getQueueToken(name), { strict: false }));
    // An unreachable Redis shows as shelf_dependency_up; without a listener BullMQ would print every error.
    for (const queue of this.queues) queue.on('error', () => undefined);
  }

  async read(): Promise<QueueDepths> {
    const counts = await Promise.all(this.queues.map((queue) => queue.getJobCounts(...JOB_STATES)));
    const depthOf = (count: Record<string, number>) => Object.fromEntries(JOB_STATES.map((state) => [state, count[state] ?? 0])) as Record<JobState, number>;
    return Object.fromEntries(this.queues.map((queue, i) => [queue.name, depthOf(counts[i])]));
  }
}
