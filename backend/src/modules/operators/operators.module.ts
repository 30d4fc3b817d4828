import { Module } from '@nestjs/common';
import { QueueDashboard } from './api/queue-dashboard';

/** What the site's operators use: the queue dashboard (createApp mounts its handler). */
@Module({ providers: [QueueDashboard], exports: [QueueDashboard] })
export class OperatorsModule {}
