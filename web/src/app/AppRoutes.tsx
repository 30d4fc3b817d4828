import { Route, Routes } from 'react-router-dom';
import { HomePage } from '../features/home/components/HomePage';
import { Layout } from './Layout';

/** The spec's route table. Any unknown path shows the home screen. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="*" element={<HomePage />} />
      </Route>
    </Routes>
  );
}
