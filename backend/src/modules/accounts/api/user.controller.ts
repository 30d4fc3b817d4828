import { BadRequestException, Body, Controller, Get, HttpCode, Post, Query, Req, UnauthorizedException, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { LoginResponse, MessageResponse, SuccessResponse, TokenResponse } from '@shelf/contracts';
import type { Request } from 'express';
import { ChangePasswordCommand } from '../application/change-password.command';
import { ChangeUsernameCommand } from '../application/change-username.command';
import { CheckResetTokenQuery } from '../application/check-reset-token.query';
import { RegisterUserCommand } from '../application/register-user.command';
import { RequestPasswordResetCommand } from '../application/request-password-reset.command';
import { ResetPasswordCommand } from '../application/reset-password.command';
import { SessionRefused, Sessions } from '../application/sessions';
import { VerifyEmailCommand } from '../application/verify-email.command';
import { AccountMessage } from '../domain/account-messages';
import { type AccountResult } from '../domain/account-result';
import {
  EmailBody,
  isBot,
  LoginBody,
  NewPasswordBody,
  NewUsernameBody,
  RefreshBody,
  RegisterBody,
  ResetPasswordBody,
  TokenQuery,
} from './account-dtos';
import { AccountRateLimits } from './account-rate-limits';
import { claimsOf, UserGuard } from './auth.guards';

/** A refused account command: 400 with the reader's message (and `success: false`). */
function answer(result: AccountResult): SuccessResponse {
  if (!result.success) throw new BadRequestException({ statusCode: 400, ...result });
  return result;
}

/** A refused session (wrong password, dead refresh token): 401 with the reader's message. */
async function unauthorizedIfRefused<T>(session: Promise<T>): Promise<T> {
  try {
    return await session;
  } catch (error) {
    if (error instanceof SessionRefused) throw new UnauthorizedException(error.message);
    throw error;
  }
}

/** The /api/user endpoints of spec section 7 that concern accounts and sessions. */
@Controller('user')
export class UserController {
  constructor(
    private readonly commands: CommandBus,
    private readonly sessions: Sessions,
    private readonly resetTokens: CheckResetTokenQuery,
    private readonly limits: AccountRateLimits,
  ) {}

  @Post('login')
  @HttpCode(200)
  async logIn(@Req() req: Request, @Body() body: LoginBody): Promise<LoginResponse> {
    await this.limits.consume([['login:ip', req.ip ?? ''], ['login:account', body.email]]);
    if (isBot(body)) throw new UnauthorizedException(AccountMessage.badCredentials);
    return unauthorizedIfRefused(this.sessions.logIn(body.email, body.password));
  }

  @Post('token')
  @HttpCode(200)
  async refresh(@Body() body: RefreshBody): Promise<TokenResponse> {
    return unauthorizedIfRefused(this.sessions.refresh(body.refreshToken));
  }

  @Post('logout')
  @HttpCode(200)
  async logOut(@Body() body: RefreshBody): Promise<MessageResponse> {
    await this.sessions.logOut(body.refreshToken);
    return { message: AccountMessage.loggedOut };
  }

  @Post('register')
  @HttpCode(200)
  async register(@Req() req: Request, @Body() body: RegisterBody): Promise<SuccessResponse> {
    await this.limits.consume([['register:ip', req.ip ?? ''], ['register:account', body.email.trim()]]);
    if (isBot(body)) return { success: true, message: AccountMessage.registered };
    return answer(await this.commands.execute(new RegisterUserCommand(body.email, body.password, body.username)));
  }

  @Get('verify-email')
  async verifyEmail(@Query() query: TokenQuery): Promise<MessageResponse> {
    if (!query.token || !query.email) throw new BadRequestException(AccountMessage.invalidToken);
    const { message } = answer(await this.commands.execute(new VerifyEmailCommand(query.token, query.email)));
    return { message };
  }

  @Post('forgot-password')
  @HttpCode(200)
  async forgotPassword(@Req() req: Request, @Body() body: EmailBody): Promise<MessageResponse> {
    await this.limits.consume([['forgot:ip', req.ip ?? ''], ['forgot:account', body.email]]);
    if (isBot(body)) return { message: AccountMessage.resetSent };
    const { message } = await this.commands.execute<RequestPasswordResetCommand, AccountResult>(new RequestPasswordResetCommand(body.email));
    return { message };
  }

  @Get('reset-password')
  async checkResetToken(@Req() req: Request, @Query() query: TokenQuery): Promise<SuccessResponse> {
    await this.limits.consume([['reset:ip', req.ip ?? '']]);
    if (!query.token || !query.email) throw new BadRequestException({ statusCode: 400, success: false, message: AccountMessage.invalidToken });
    return answer(await this.resetTokens.execute(query.token, query.email));
  }

  @Post('reset-password')
  @HttpCode(200)
  async resetPassword(@Req() req: Request, @Body() body: ResetPasswordBody): Promise<SuccessResponse> {
    await this.limits.consume([['reset:ip', req.ip ?? ''], ['reset:account', body.token]]);
    if (isBot(body)) return { success: true, message: AccountMessage.passwordReset };
    return answer(await this.commands.execute(new ResetPasswordCommand(body.token, body.newPassword)));
  }

  @Post('profile/change-username')
  @HttpCode(200)
  @UseGuards(UserGuard)
  async changeUsername(@Req() req: Request, @Body() body: NewUsernameBody): Promise<MessageResponse> {
    if (isBot(body)) return { message: AccountMessage.usernameChanged };
    const { message } = answer(await this.commands.execute(new ChangeUsernameCommand(claimsOf(req).sub, body.newUsername)));
    return { message };
  }

  @Post('profile/change-password')
  @HttpCode(200)
  @UseGuards(UserGuard)
  async changePassword(@Req() req: Request, @Body() body: NewPasswordBody): Promise<MessageResponse> {
    if (isBot(body)) return { message: AccountMessage.passwordChanged };
    const { message } = answer(await this.commands.execute(new ChangePasswordCommand(claimsOf(req).sub, body.newPassword, claimsOf(req).sid ?? null)));
    return { message };
  }

  @Post('profile/logout-other-sessions')
  @HttpCode(200)
  @UseGuards(UserGuard)
  async endOtherSessions(@Req() req: Request): Promise<MessageResponse> {
    await this.sessions.endOtherSessions(claimsOf(req));
    return { message: AccountMessage.otherSessionsEnded };
  }
}
