import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { JwtModule } from '@nestjs/jwt';
import { MongooseModule } from '@nestjs/mongoose';
import { PassportModule } from '@nestjs/passport';
import { ErasureLedger } from '@shelf/server-config';
import { SERVICE_ENV, type ServiceEnv } from '../../platform/config/service-env';
import { ACCESS_TOKEN_LIFETIME, accessTokenKey } from './api/access-token-key';
import { UserGuard, VerifiedUserGuard } from '../../platform/auth/auth.guards';
import { JwtStrategy } from './api/jwt.strategy';
import { UserController } from './api/user.controller';
import { AccountDirectory } from './application/account-directory';
import { AccountErasure } from './application/account-erasure';
import { RequestAccountErasureHandler } from './application/request-account-erasure.handler';
import { UsersReadStore } from './infrastructure/users-read-store';
import { ChangeOperatorRoleHandler } from './application/change-operator-role.handler';
import { ChangePasswordHandler } from './application/change-password.handler';
import { ChangeUsernameHandler } from './application/change-username.handler';
import { CheckResetTokenQuery } from './application/check-reset-token.query';
import { LiftCommentingSuspensionHandler } from './application/lift-commenting-suspension.handler';
import { RegisterUserHandler } from './application/register-user.handler';
import { RequestPasswordResetHandler } from './application/request-password-reset.handler';
import { ResendVerificationHandler } from './application/resend-verification.handler';
import { ResetPasswordHandler } from './application/reset-password.handler';
import { Sessions } from './application/sessions';
import { SuspendCommentingHandler } from './application/suspend-commenting.handler';
import { VerifyEmailHandler } from './application/verify-email.handler';
import { AccountClaims } from './infrastructure/account-claims';
import { UsernameHolds } from './infrastructure/username-holds';
import { ACCOUNT_MODELS } from './infrastructure/account-models';
import { AccountTokens } from './infrastructure/account-tokens';
import { Credentials } from './infrastructure/credentials';
import { ErasureAnnouncements } from './infrastructure/erasure-announcements';
import { PasswordHasher } from './infrastructure/password-hasher';
import { RefreshTokens } from './infrastructure/refresh-tokens';
import { UserRepository } from './infrastructure/user-repository';

/**
 * Accounts and sessions: register, verify, log in, refresh, reset, profile; the operator role and suspensions from
 * commenting; the role guards other modules use.
 */
@Module({
  imports: [
    CqrsModule,
    PassportModule,
    MongooseModule.forFeature(ACCOUNT_MODELS),
    JwtModule.registerAsync({
      inject: [SERVICE_ENV],
      useFactory: (env: ServiceEnv) => ({ secret: accessTokenKey(env), signOptions: { expiresIn: ACCESS_TOKEN_LIFETIME, algorithm: 'HS256' } }),
    }),
  ],
  controllers: [UserController],
  providers: [
    RegisterUserHandler, VerifyEmailHandler, RequestPasswordResetHandler, ResetPasswordHandler, ChangeUsernameHandler,
    ChangePasswordHandler, ResendVerificationHandler, ChangeOperatorRoleHandler, SuspendCommentingHandler, LiftCommentingSuspensionHandler, Sessions, CheckResetTokenQuery, UserRepository, AccountClaims, UsernameHolds, AccountTokens, PasswordHasher, Credentials,
    RefreshTokens, JwtStrategy, UserGuard, VerifiedUserGuard, AccountDirectory, UsersReadStore, RequestAccountErasureHandler, AccountErasure,
    ErasureAnnouncements,
    { provide: ErasureLedger, inject: [SERVICE_ENV], useFactory: (env: ServiceEnv) => new ErasureLedger(env.erasureLedger) },
  ],
  exports: [UserGuard, VerifiedUserGuard, AccountDirectory, UsersReadStore, AccountErasure, ErasureAnnouncements, ErasureLedger],
})
export class AccountsModule {}
