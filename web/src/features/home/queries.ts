import { useQuery } from '@tanstack/react-query';
import { fetchHome } from './api';

export const homeKeys = { all: ['home'] as const };

export const useHome = () => useQuery({ queryKey: homeKeys.all, queryFn: ({ signal }) => fetchHome(signal) });
