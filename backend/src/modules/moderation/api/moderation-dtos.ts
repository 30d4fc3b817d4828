import { MODERATION_VIEWS, type ModerationView, SUSPENSION_DAYS, type SuspensionDays } from '@shelf/contracts';
import { IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { PageNumber } from '../../../platform/http/page-number.decorator';

export class ModerationQueueQuery {
  @IsOptional()
  @IsIn(MODERATION_VIEWS, { message: `view must be one of ${MODERATION_VIEWS.join(', ')}.` })
  view: ModerationView = 'review';

  @PageNumber('page')
  page = 1;
}

export class ModeratedCommentBody {
  @IsUUID('all', { message: 'comment_id is not a comment id.' })
  comment_id!: string;
}

export class ModeratedCommentParams {
  @IsUUID('all', { message: 'comment_id is not a comment id.' })
  commentId!: string;
}

export class ModeratedUserBody {
  @IsString({ message: 'user_id is not a user id.' })
  @MaxLength(64, { message: 'user_id is not a user id.' })
  user_id!: string;
}

export class SuspendBody extends ModeratedUserBody {
  /** 1, 7 or 30 days; null (or absent) for good. */
  @IsOptional()
  @IsIn(SUSPENSION_DAYS, { message: 'days must be 1, 7, 30, or null for good.' })
  days: SuspensionDays = null;

  @IsString({ message: 'Please give a reason for the suspension (at most 500 characters).' })
  @MaxLength(500, { message: 'Please give a reason for the suspension (at most 500 characters).' })
  reason!: string;
}
