import type { Category } from '@shelf/contracts';
import { useQuery } from '@tanstack/react-query';
import { retryOnMount } from '../../shared/state/hydration';
import { fetchCategoryPage } from './api';
import { categoryKeys } from './query-keys';

export const useCategoryPage = (category: Category, value: string, page: number) =>
  useQuery({
    queryKey: categoryKeys.page(category, value, page),
    queryFn: ({ signal }) => fetchCategoryPage(category, value, page, signal),
    retryOnMount: retryOnMount(),
  });
