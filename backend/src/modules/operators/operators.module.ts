import { Module } from '@nestjs/common';
import { DashboardLoginLimits } from './api/dashboard-login-limits';
import { QueueDashboard } from './api/queue-dashboard';

/** What the site's operators use: the queue dashboard (createApp mounts its handler). */
@Module({ providers: [QueueDashboard, DashboardLoginLimits], exports: [QueueDashboard] })
export class OperatorsModule {}
