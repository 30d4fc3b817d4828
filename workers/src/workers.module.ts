import { type DynamicModule, Module } from '@nestjs/common';
import type { ServiceEnv } from '@shelf/contracts';
import { MailProcessor } from './mail/mail.processor';
import { MailTransport } from './mail/mail-transport';
import { SERVICE_ENV } from './service-env.token';

@Module({})
export class WorkersModule {
  static register(env: ServiceEnv): DynamicModule {
    return {
      module: WorkersModule,
      providers: [{ provide: SERVICE_ENV, useValue: env }, MailTransport, MailProcessor],
    };
  }
}
