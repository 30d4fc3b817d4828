import { LIKED_STORY_SORTS, type LikedStorySort } from '@shelf/contracts';
import { IsIn, IsOptional } from 'class-validator';
import { PageNumber } from '../../../platform/http/page-number.decorator';

export class LikedStoriesQuery {
  @PageNumber('pageNum')
  pageNum = 1;

  @IsOptional()
  @IsIn(LIKED_STORY_SORTS, { message: 'sort_by must be last_updated, like_count or liked_time.' })
  sort_by: LikedStorySort = 'last_updated';
}
