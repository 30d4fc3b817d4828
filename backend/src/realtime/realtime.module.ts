import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import type { ServiceEnv } from '@shelf/contracts';
import { AccountsModule } from '../modules/accounts/accounts.module';
import { accessTokenKey } from '../modules/accounts/api/access-token-key';
import { SERVICE_ENV } from '../platform/service-env.token';
import { HandshakeAuth } from './handshake-auth';
import { RealtimeGateway } from './realtime.gateway';

/** The socket.io gateway and its handshake check. createApp installs the Redis adapter it runs on. */
@Module({
  imports: [
    AccountsModule,
    JwtModule.registerAsync({
      inject: [SERVICE_ENV],
      // Verifies only, with the key the accounts module signs access tokens with (HandshakeAuth pins HS256).
      useFactory: (env: ServiceEnv) => ({ secret: accessTokenKey(env) }),
    }),
  ],
  providers: [HandshakeAuth, RealtimeGateway],
  exports: [RealtimeGateway],
})
export class RealtimeModule {}
