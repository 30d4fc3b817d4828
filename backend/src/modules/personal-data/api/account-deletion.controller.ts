import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { InjectThrottlerStorage, ThrottlerException, ThrottlerStorage } from '@nestjs/throttler';
import type { SuccessResponse } from '@shelf/contracts';
import { IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';
import { RefusalsCarry } from '../../../platform/http/refusal.filter';
import { overLimit } from '../../../platform/rate-limits/rate-limit';
import { DeleteAccountCommand } from '../application/delete-account.command';
import { AccountDeletionLimit, AccountDeletionMessage } from './data-export-limits';

export class DeletionLinkBody {
  @IsString({ message: 'Invalid token.' })
  @MaxLength(1024, { message: 'One of the fields is far too long.' })
  token!: string;
}

/** The page the "Delete my account" e-mail links to confirms here (no login needed: the link stands for the reader). */
@Controller('user/delete-account')
@RefusalsCarry({ success: false })
export class AccountDeletionController {
  constructor(
    private readonly commands: CommandBus,
    @InjectThrottlerStorage() private readonly attempts: ThrottlerStorage,
  ) {}

  @Post()
  @HttpCode(200)
  async confirm(@Req() req: Request, @Body() body: DeletionLinkBody): Promise<SuccessResponse> {
    if (await overLimit(this.attempts, AccountDeletionLimit, req.ip ?? '')) throw new ThrottlerException(AccountDeletionMessage.tooMany);
    return { success: true, message: await this.commands.execute<DeleteAccountCommand, string>(new DeleteAccountCommand(body.token)) };
  }
}
