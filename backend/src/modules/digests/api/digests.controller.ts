import { Body, Controller, Get, HttpCode, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { DigestChoices, DigestChoicesResponse, DigestUnsubscribeResponse } from '@shelf/contracts';
import type { Request, Response } from 'express';
import { claimsOf, UserGuard, VerifiedUserGuard } from '../../../platform/auth/auth.guards';
import { WriteLimit, WriteLimitGuard } from '../../../platform/rate-limits/write-limit.guard';
import { WriteLimits } from '../../../platform/rate-limits/write-limits';
import { ChooseDigestCommand, UnsubscribeDigestCommand } from '../application/digest.commands';
import { DigestsReadStore } from '../infrastructure/digests-read-store';
import { DigestChoiceInput, DigestUnsubscribeInput } from './digest-dtos';

/** A signed-in reader's e-mail digests: how often each kind is sent (none, daily, weekly), in their time zone. */
@Controller('user/digests')
@UseGuards(UserGuard)
export class DigestsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly store: DigestsReadStore,
  ) {}

  @Get()
  choices(@Req() req: Request): Promise<DigestChoicesResponse> {
    return this.store.choices(claimsOf(req).sub);
  }

  /** Digests go to the reader's address, so only a verified one gets them. */
  @Put()
  @UseGuards(VerifiedUserGuard, WriteLimitGuard)
  @WriteLimit(WriteLimits.digest)
  choose(@Req() req: Request, @Body() body: DigestChoiceInput): Promise<DigestChoicesResponse> {
    const { sub, email } = claimsOf(req);
    const timeZone = new Intl.DateTimeFormat('en', { timeZone: body.time_zone }).resolvedOptions().timeZone;
    return this.commands.execute<ChooseDigestCommand, DigestChoices>(new ChooseDigestCommand(sub, body.kind, body.frequency, timeZone, email));
  }
}

/**
 * A digest's one-click unsubscribe (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` to the address of the
 * `List-Unsubscribe` header, which holds a signed token; no sign-in. A GET of that address (a client without one-click
 * support opening it) goes to the web page that asks for the same with a button.
 */
@Controller('digests/unsubscribe')
export class DigestUnsubscribeController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  unsubscribe(@Query() query: DigestUnsubscribeInput): Promise<DigestUnsubscribeResponse> {
    return this.commands.execute<UnsubscribeDigestCommand, DigestUnsubscribeResponse>(new UnsubscribeDigestCommand(query.token));
  }

  @Get()
  page(@Query() query: DigestUnsubscribeInput, @Res() res: Response): void {
    res.redirect(303, `/digests/unsubscribe?${new URLSearchParams({ token: query.token })}`);
  }
}
