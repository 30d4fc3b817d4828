import { useSearchParams } from 'react-router-dom';

/** The list page number kept in the address (`?page=N`, from 1), so a page can be linked and Back works. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = (next: number) => {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 1) updated.delete('page');
      else updated.set('page', String(next));
      return updated;
    });
    window.scrollTo({ top: 0 });
  };
  return [page, setPage];
}
