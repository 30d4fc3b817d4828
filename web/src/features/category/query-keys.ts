import type { Category } from '@shelf/contracts';

// The page's query keys, apart from its queries: the server-rendered page's data is put under them (app/seed-page-data.ts).
export const categoryKeys = {
  page: (category: Category, value: string, page: number) => ['category', category, value, page] as const,
};
