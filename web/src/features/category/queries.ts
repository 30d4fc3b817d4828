import type { Category } from '@shelf/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchCategoryPage } from './api';

export const categoryKeys = {
  page: (category: Category, value: string, page: number) => ['category', category, value, page] as const,
};

export const useCategoryPage = (category: Category, value: string, page: number) =>
  useQuery({
    queryKey: categoryKeys.page(category, value, page),
    queryFn: ({ signal }) => fetchCategoryPage(category, value, page, signal),
  });
