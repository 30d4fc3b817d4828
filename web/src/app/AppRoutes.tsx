import { lazy, type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { HomePage } from '../features/home/components/HomePage';
import { Layout } from './Layout';

// Every screen but Home loads on demand, so the home page's JavaScript stays small.
const AboutUsPage = lazy(() => import('../features/static-pages/components/AboutUsPage').then((m) => ({ default: m.AboutUsPage })));
const ContactUsPage = lazy(() => import('../features/static-pages/components/ContactUsPage').then((m) => ({ default: m.ContactUsPage })));
const DmcaPage = lazy(() => import('../features/static-pages/components/DmcaPage').then((m) => ({ default: m.DmcaPage })));
const TermsOfServicePage = lazy(() =>
  import('../features/static-pages/components/TermsOfServicePage').then((m) => ({ default: m.TermsOfServicePage })),
);
const DisclaimerPage = lazy(() => import('../features/static-pages/components/DisclaimerPage').then((m) => ({ default: m.DisclaimerPage })));

const CategoryPage = lazy(() => import('../features/category/components/CategoryPage').then((m) => ({ default: m.CategoryPage })));

const ChapterPage = lazy(() => import('../features/reader/components/ChapterPage').then((m) => ({ default: m.ChapterPage })));

const loading = <p>Loading...</p>;
const page = (element: ReactNode) => <Suspense fallback={loading}>{element}</Suspense>;

/** The spec's route table (section 2). Any unknown path shows the home screen. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="diversity/*" element={page(<CategoryPage category="diversity" />)} />
        <Route path="setting/*" element={page(<CategoryPage category="setting" />)} />
        <Route path="genre/*" element={page(<CategoryPage category="genre" />)} />
        <Route path="tag/*" element={page(<CategoryPage category="tag" />)} />
        <Route path="about-us" element={page(<AboutUsPage />)} />
        <Route path="contact-us" element={page(<ContactUsPage />)} />
        <Route path="dmca" element={page(<DmcaPage />)} />
        <Route path="terms-of-service" element={page(<TermsOfServicePage />)} />
        <Route path="disclaimer" element={page(<DisclaimerPage />)} />
        <Route path=":bookIDSlug/:chapterID" element={page(<ChapterPage />)} />
        <Route path="*" element={<HomePage />} />
      </Route>
    </Routes>
  );
}
