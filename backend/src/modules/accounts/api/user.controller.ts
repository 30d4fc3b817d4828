import { Body, Controller, Get, HttpCode, Post, Query, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { InjectThrottlerStorage, ThrottlerException, ThrottlerStorage } from '@nestjs/throttler';
import type { LoginResponse, MessageResponse, SuccessResponse, TokenResponse } from '@shelf/contracts';
import type { Request } from 'express';
import { DomainError } from '../../../domain/domain-error';
import { RefusalsCarry } from '../../../platform/http/refusal.filter';
import { overLimit, type RateLimit } from '../../../platform/rate-limits/rate-limit';
import { ChangePasswordCommand } from '../application/change-password.command';
import { ChangeUsernameCommand } from '../application/change-username.command';
import { CheckResetTokenQuery } from '../application/check-reset-token.query';
import { RegisterUserCommand } from '../application/register-user.command';
import { RequestAccountErasureCommand } from '../application/request-account-erasure.command';
import { RequestPasswordResetCommand } from '../application/request-password-reset.command';
import { ResendVerificationCommand } from '../application/resend-verification.command';
import { ResetPasswordCommand } from '../application/reset-password.command';
import { Sessions } from '../application/sessions';
import { VerifyEmailCommand } from '../application/verify-email.command';
import { AccountMessage } from '../domain/account-messages';
import {
  EmailBody,
  ErasurePasswordBody,
  isBot,
  LoginBody,
  NewPasswordBody,
  NewUsernameBody,
  RefreshBody,
  RegisterBody,
  ResetPasswordBody,
  TokenQuery,
} from './account-dtos';
import { AccountLimits } from './account-rate-limits';
import { claimsOf, UserGuard } from '../../../platform/auth/auth.guards';

/** An account command's message as the spec's `success` answer; a refusal answers `success: false` (CommandRefusals). */
const CommandRefusals = RefusalsCarry({ success: false });
const succeeded = (message: string): SuccessResponse => ({ success: true, message });

/** The /api/user endpoints that concern accounts and sessions. */
@Controller('user')
export class UserController {
  constructor(
    private readonly commands: CommandBus,
    private readonly sessions: Sessions,
    private readonly resetTokens: CheckResetTokenQuery,
    @InjectThrottlerStorage() private readonly attempts: ThrottlerStorage,
  ) {}

  @Post('login')
  @HttpCode(200)
  async logIn(@Req() req: Request, @Body() body: LoginBody): Promise<LoginResponse> {
    await this.countAttempt([AccountLimits.loginPerAddress, req.ip ?? ''], [AccountLimits.loginPerAccount, body.email]);
    if (isBot(body)) throw new DomainError('unauthenticated', AccountMessage.badCredentials);
    return this.sessions.logIn(body.email, body.password);
  }

  @Post('token')
  @HttpCode(200)
  async refresh(@Body() body: RefreshBody): Promise<TokenResponse> {
    return this.sessions.refresh(body.refreshToken);
  }

  @Post('logout')
  @HttpCode(200)
  async logOut(@Body() body: RefreshBody): Promise<MessageResponse> {
    await this.sessions.logOut(body.refreshToken);
    return { message: AccountMessage.loggedOut };
  }

  @Post('register')
  @CommandRefusals
  @HttpCode(200)
  async register(@Req() req: Request, @Body() body: RegisterBody): Promise<SuccessResponse> {
    await this.countAttempt([AccountLimits.registerPerAddress, req.ip ?? ''], [AccountLimits.registerPerAccount, body.email.trim()]);
    if (isBot(body)) return { success: true, message: AccountMessage.registered };
    return succeeded(await this.commands.execute(new RegisterUserCommand(body.email, body.password, body.username)));
  }

  @Get('verify-email')
  @CommandRefusals
  async verifyEmail(@Query() query: TokenQuery): Promise<MessageResponse> {
    return { message: await this.commands.execute(new VerifyEmailCommand(query.token, query.email)) };
  }

  /** A new verification e-mail for the signed-in reader (not in the spec: its link works as the registration's does). */
  @Post('resend-verification')
  @HttpCode(200)
  @UseGuards(UserGuard)
  async resendVerification(@Req() req: Request): Promise<MessageResponse> {
    const userId = claimsOf(req).sub;
    await this.countAttempt([AccountLimits.resendPerAddress, req.ip ?? ''], [AccountLimits.resendPerAccount, userId]);
    return { message: await this.commands.execute<ResendVerificationCommand, string>(new ResendVerificationCommand(userId)) };
  }

  @Post('forgot-password')
  @HttpCode(200)
  async forgotPassword(@Req() req: Request, @Body() body: EmailBody): Promise<MessageResponse> {
    await this.countAttempt([AccountLimits.forgotPerAddress, req.ip ?? ''], [AccountLimits.forgotPerAccount, body.email]);
    if (isBot(body)) return { message: AccountMessage.resetSent };
    return { message: await this.commands.execute<RequestPasswordResetCommand, string>(new RequestPasswordResetCommand(body.email)) };
  }

  @Get('reset-password')
  @CommandRefusals
  async checkResetToken(@Req() req: Request, @Query() query: TokenQuery): Promise<SuccessResponse> {
    await this.countAttempt([AccountLimits.resetPerAddress, req.ip ?? '']);
    return succeeded(await this.resetTokens.execute(query.token, query.email));
  }

  @Post('reset-password')
  @CommandRefusals
  @HttpCode(200)
  async resetPassword(@Req() req: Request, @Body() body: ResetPasswordBody): Promise<SuccessResponse> {
    await this.countAttempt([AccountLimits.resetPerAddress, req.ip ?? ''], [AccountLimits.resetPerToken, body.token]);
    if (isBot(body)) return { success: true, message: AccountMessage.passwordReset };
    return succeeded(await this.commands.execute(new ResetPasswordCommand(body.token, body.newPassword)));
  }

  @Post('profile/change-username')
  @CommandRefusals
  @HttpCode(200)
  @UseGuards(UserGuard)
  async changeUsername(@Req() req: Request, @Body() body: NewUsernameBody): Promise<MessageResponse> {
    if (isBot(body)) return { message: AccountMessage.usernameChanged };
    return { message: await this.commands.execute(new ChangeUsernameCommand(claimsOf(req).sub, body.newUsername)) };
  }

  @Post('profile/change-password')
  @CommandRefusals
  @HttpCode(200)
  @UseGuards(UserGuard)
  async changePassword(@Req() req: Request, @Body() body: NewPasswordBody): Promise<MessageResponse> {
    if (isBot(body)) return { message: AccountMessage.passwordChanged };
    return { message: await this.commands.execute(new ChangePasswordCommand(claimsOf(req).sub, body.newPassword, claimsOf(req).sid ?? null)) };
  }

  @Post('profile/logout-other-sessions')
  @HttpCode(200)
  @UseGuards(UserGuard)
  async endOtherSessions(@Req() req: Request): Promise<MessageResponse> {
    await this.sessions.endOtherSessions(claimsOf(req));
    return { message: AccountMessage.otherSessionsEnded };
  }

  /** "Delete my account": the password again, then an e-mail with the link that confirms it. */
  @Post('profile/delete-account')
  @CommandRefusals
  @HttpCode(200)
  @UseGuards(UserGuard)
  async requestErasure(@Req() req: Request, @Body() body: ErasurePasswordBody): Promise<MessageResponse> {
    await this.countAttempt([AccountLimits.erasurePerAccount, claimsOf(req).sub]);
    if (isBot(body)) return { message: AccountMessage.erasureRequested };
    return { message: await this.commands.execute(new RequestAccountErasureCommand(claimsOf(req).sub, body.password)) };
  }

  /** Counts one attempt against each limit, all of them even past one; past any, 429 with the accounts' message. */
  private async countAttempt(...checks: [RateLimit, string][]): Promise<void> {
    const over = await Promise.all(checks.map(([limit, key]) => overLimit(this.attempts, limit, key)));
    if (over.includes(true)) throw new ThrottlerException(AccountMessage.tooManyAttempts);
  }
}
