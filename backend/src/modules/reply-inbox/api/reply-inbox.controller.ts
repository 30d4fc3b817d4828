import { Controller, Get, Put, Query, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { MessageResponse, RepliesResponse, UnreadCountResponse } from '@shelf/contracts';
import type { Request } from 'express';
import { claimsOf, UserGuard } from '../../../platform/auth/auth.guards';
import { GetRepliesQuery } from '../application/get-replies.query';
import { MarkRepliesReadCommand } from '../application/mark-replies-read.command';
import { ReplyInboxReadModels } from '../infrastructure/reply-inbox-read-models';
import { PageQuery } from './reply-inbox-dtos';

/** A logged-in reader's reply inbox: its pages of replies, the unread count of the badge, and the read mark. */
@Controller('user/replies')
@UseGuards(UserGuard)
export class ReplyInboxController {
  constructor(
    private readonly commands: CommandBus,
    private readonly replies: GetRepliesQuery,
    private readonly inboxes: ReplyInboxReadModels,
  ) {}

  @Get()
  getReplies(@Req() req: Request, @Query() query: PageQuery): Promise<RepliesResponse> {
    return this.replies.execute(claimsOf(req).sub, query.pageNum);
  }

  @Get('unread-count')
  async unreadCount(@Req() req: Request): Promise<UnreadCountResponse> {
    return { unreadCount: await this.inboxes.unreadCount(claimsOf(req).sub) };
  }

  @Put('mark-read')
  async markRead(@Req() req: Request): Promise<MessageResponse> {
    const marked = await this.commands.execute<MarkRepliesReadCommand, number>(new MarkRepliesReadCommand(claimsOf(req).sub));
    return { message: marked === 0 ? 'No unread replies.' : `Marked ${marked} ${marked === 1 ? 'reply' : 'replies'} as read.` };
  }
}
