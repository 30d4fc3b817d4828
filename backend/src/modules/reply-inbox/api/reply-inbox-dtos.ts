import { PageNumber } from '../../../platform/http/page-number.decorator';

export class PageQuery {
  @PageNumber('pageNum')
  pageNum = 1;
}
