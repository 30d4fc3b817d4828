import { Module } from '@nestjs/common';
import { AccountsModule } from '../modules/accounts/accounts.module';
import { MutesModule } from '../modules/mutes/mutes.module';
import { HandshakeAuth } from './handshake-auth';
import { LivePresence } from './live-presence';
import { RealtimeGateway } from './realtime.gateway';

/** The socket.io gateway and its handshake check. createApp installs the Redis adapter it runs on. */
@Module({
  // AccountsModule registers the JwtStrategy that HandshakeAuth checks tokens with.
  imports: [AccountsModule, MutesModule],
  providers: [HandshakeAuth, LivePresence, RealtimeGateway],
  exports: [RealtimeGateway],
})
export class RealtimeModule {}
