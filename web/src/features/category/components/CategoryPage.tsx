import { type Category } from '@shelf/contracts';
import { useParams } from 'react-router-dom';
import { SITE_NAME } from '../../../shared/config/site-config';
import { PagedBookList, usePageParam } from '../../book-lists';
import { usePageMeta } from '../../../shared/page/use-page-meta';
import { useCategoryPage } from '../queries';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** /diversity/*, /setting/*, /genre/*, /tag/*: the rest of the path is the category value. */
export function CategoryPage({ category }: { category: Category }) {
  const value = useParams()['*'] ?? '';
  const [page, setPage] = usePageParam();
  usePageMeta(`${value} Stories`, `${capitalise(category)} ${value}: translated stories on ${SITE_NAME}.`);
  const books = useCategoryPage(category, value, page);

  return (
    <>
      <h1>
        {capitalise(category)}: {value}
      </h1>
      <PagedBookList query={books} page={page} onPage={setPage} />
    </>
  );
}
