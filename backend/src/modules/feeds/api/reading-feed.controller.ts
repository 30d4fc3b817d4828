import { Controller, Delete, Get, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { ReadingFeedResponse } from '@shelf/contracts';
import type { Request } from 'express';
import { WriteLimit, WriteLimitGuard } from '../../../platform/rate-limits/write-limit.guard';
import { WriteLimits } from '../../../platform/rate-limits/write-limits';
import { claimsOf, UserGuard } from '../../../platform/auth/auth.guards';
import { CreateFeedTokenCommand, RevokeFeedTokenCommand } from '../application/feed-token.commands';
import { FeedAddresses } from '../infrastructure/feed-addresses';
import { FeedTokensReadStore } from '../infrastructure/feed-tokens-read-store';

/** A signed-in reader's private address for the feed of their Reading shelf: shown, made (anew) and turned off. */
@Controller('user/feeds/reading')
@UseGuards(UserGuard)
export class ReadingFeedController {
  constructor(
    private readonly commands: CommandBus,
    private readonly tokens: FeedTokensReadStore,
    private readonly addresses: FeedAddresses,
  ) {}

  @Get()
  async show(@Req() req: Request): Promise<ReadingFeedResponse> {
    const feed = await this.tokens.readerFeed(claimsOf(req).sub);
    return { reading: feed && this.addresses.readingAddress(feed.token_id, feed.created_at) };
  }

  @Put()
  @UseGuards(WriteLimitGuard)
  @WriteLimit(WriteLimits.feedToken)
  create(@Req() req: Request): Promise<ReadingFeedResponse> {
    return this.commands.execute(new CreateFeedTokenCommand(claimsOf(req).sub));
  }

  @Delete()
  @UseGuards(WriteLimitGuard)
  @WriteLimit(WriteLimits.feedToken)
  revoke(@Req() req: Request): Promise<ReadingFeedResponse> {
    return this.commands.execute(new RevokeFeedTokenCommand(claimsOf(req).sub));
  }
}
