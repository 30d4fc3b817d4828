import { type Category } from '@shelf/contracts';
import { useParams } from 'react-router-dom';
import { SITE_NAME } from '../../../app/site-config';
import { BookCardList } from '../../books/components/BookCardList';
import { PageButtons } from '../../books/components/PageButtons';
import { usePageParam } from '../../books/use-page-param';
import { usePageMeta } from '../../site-shell/use-page-meta';
import { useCategoryPage } from '../queries';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** /diversity/*, /setting/*, /genre/*, /tag/*: the rest of the path is the category value. */
export function CategoryPage({ category }: { category: Category }) {
  const value = useParams()['*'] ?? '';
  const [page, setPage] = usePageParam();
  usePageMeta(`${value} Stories`, `${capitalise(category)} ${value}: translated stories on ${SITE_NAME}.`);
  const { data, error, isPending } = useCategoryPage(category, value, page);

  return (
    <>
      <h1>
        {capitalise(category)}: {value}
      </h1>
      {isPending ? (
        <p>Loading...</p>
      ) : error ? (
        <p role="alert">Error: {error.message}</p>
      ) : (
        <>
          <BookCardList books={data.books} headingLevel={2} />
          <PageButtons page={page} totalPages={data.totalPages} onChange={setPage} />
        </>
      )}
    </>
  );
}
