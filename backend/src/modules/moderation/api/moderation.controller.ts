import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { ModerationContextResponse, ModerationQueueResponse, OperatorActionResponse } from '@shelf/contracts';
import type { Request } from 'express';
import { LiftCommentingSuspensionCommand, SuspendCommentingCommand } from '../../accounts';
import { operatorOf, OperatorsOnly } from '../../operators';
import { GetModerationContextQuery } from '../application/get-moderation-context.query';
import { GetModerationQueueQuery } from '../application/get-moderation-queue.query';
import { type CommentModeration, ModerateCommentCommand } from '../application/moderate-comment.command';
import { ModeratedCommentBody, ModeratedCommentParams, ModeratedUserBody, ModerationQueueQuery, SuspendBody } from './moderation-dtos';

/** A command's message as the operator's answer (a refusal is a DomainError, answered by its filter). */
const answer = (message: string): OperatorActionResponse => ({ message });

/** The moderation queue and the operators' decisions; every decision is a command with the operator as actor. */
@Controller('admin/moderation')
@OperatorsOnly()
export class ModerationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queue: GetModerationQueueQuery,
    private readonly context: GetModerationContextQuery,
  ) {}

  @Get()
  list(@Query() query: ModerationQueueQuery): Promise<ModerationQueueResponse> {
    return this.queue.execute(query.view, query.page);
  }

  @Get('comments/:commentId')
  show(@Param() params: ModeratedCommentParams): Promise<ModerationContextResponse> {
    return this.context.execute(params.commentId);
  }

  @Post('dismiss')
  @HttpCode(200)
  dismiss(@Req() req: Request, @Body() body: ModeratedCommentBody): Promise<OperatorActionResponse> {
    return this.moderate(req, body, 'dismiss');
  }

  @Post('remove')
  @HttpCode(200)
  remove(@Req() req: Request, @Body() body: ModeratedCommentBody): Promise<OperatorActionResponse> {
    return this.moderate(req, body, 'remove');
  }

  @Post('restore')
  @HttpCode(200)
  restore(@Req() req: Request, @Body() body: ModeratedCommentBody): Promise<OperatorActionResponse> {
    return this.moderate(req, body, 'restore');
  }

  @Post('suspend')
  @HttpCode(200)
  async suspend(@Req() req: Request, @Body() body: SuspendBody): Promise<OperatorActionResponse> {
    return answer(await this.commands.execute(new SuspendCommentingCommand(operatorOf(req).userId, body.user_id, body.days, body.reason)));
  }

  @Post('lift-suspension')
  @HttpCode(200)
  async lift(@Req() req: Request, @Body() body: ModeratedUserBody): Promise<OperatorActionResponse> {
    return answer(await this.commands.execute(new LiftCommentingSuspensionCommand(operatorOf(req).userId, body.user_id)));
  }

  private async moderate(req: Request, body: ModeratedCommentBody, action: CommentModeration): Promise<OperatorActionResponse> {
    return answer(await this.commands.execute(new ModerateCommentCommand(operatorOf(req).userId, body.comment_id, action)));
  }
}
