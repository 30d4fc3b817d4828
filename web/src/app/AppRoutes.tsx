import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { BookRoute } from '../features/book-page/components/BookRoute';
import { HomePage } from '../features/home/components/HomePage';
import { ProtectedRoute } from '../features/session/components/ProtectedRoute';
import { Layout } from './Layout';

/** A screen loaded on demand from its module's named export. */
function lazyPage<Name extends string, Props extends object>(load: () => Promise<Record<Name, ComponentType<Props>>>, name: Name) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

// Every screen but Home loads on demand, so the home page's JavaScript stays small.
const SearchPage = lazyPage(() => import('../features/search/components/SearchPage'), 'SearchPage');
const CategoryPage = lazyPage(() => import('../features/category/components/CategoryPage'), 'CategoryPage');
const AboutUsPage = lazyPage(() => import('../features/static-pages/components/AboutUsPage'), 'AboutUsPage');
const ContactUsPage = lazyPage(() => import('../features/static-pages/components/ContactUsPage'), 'ContactUsPage');
const DmcaPage = lazyPage(() => import('../features/static-pages/components/DmcaPage'), 'DmcaPage');
const TermsOfServicePage = lazyPage(() => import('../features/static-pages/components/TermsOfServicePage'), 'TermsOfServicePage');
const PrivacyPolicyPage = lazyPage(() => import('../features/static-pages/components/PrivacyPolicyPage'), 'PrivacyPolicyPage');
const DisclaimerPage = lazyPage(() => import('../features/static-pages/components/DisclaimerPage'), 'DisclaimerPage');
const LoginPage = lazyPage(() => import('../features/account/components/LoginPage'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../features/account/components/RegisterPage'), 'RegisterPage');
const VerifyEmailPage = lazyPage(() => import('../features/account/components/VerifyEmailPage'), 'VerifyEmailPage');
const ForgotPasswordPage = lazyPage(() => import('../features/account/components/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../features/account/components/ResetPasswordPage'), 'ResetPasswordPage');
const ResetPasswordSuccessfulPage = lazyPage(
  () => import('../features/account/components/ResetPasswordSuccessfulPage'),
  'ResetPasswordSuccessfulPage',
);
const LogoutPage = lazyPage(() => import('../features/account/components/LogoutPage'), 'LogoutPage');
const ProfilePage = lazyPage(() => import('../features/account/components/ProfilePage'), 'ProfilePage');
const ReplyNotificationsPage = lazyPage(
  () => import('../features/reply-notifications/components/ReplyNotificationsPage'),
  'ReplyNotificationsPage',
);
const LikedStoriesPage = lazyPage(() => import('../features/liked-stories/components/LikedStoriesPage'), 'LikedStoriesPage');
const LibraryPage = lazyPage(() => import('../features/library/components/LibraryPage'), 'LibraryPage');

const ModerationPage = lazyPage(() => import('../features/operators/components/ModerationPage'), 'ModerationPage');
const AuditPage = lazyPage(() => import('../features/operators/components/AuditPage'), 'AuditPage');

const ChapterPage = lazyPage(() => import('../features/chapter/components/ChapterPage'), 'ChapterPage');

const page = (element: ReactNode) => <Suspense fallback={<p>Loading...</p>}>{element}</Suspense>;
const protectedPage = (element: ReactNode) => <ProtectedRoute>{page(element)}</ProtectedRoute>;

/** The spec's route table (section 2). Any unknown path shows the home screen. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="searchbook" element={page(<SearchPage />)} />
        <Route path="diversity/*" element={page(<CategoryPage category="diversity" />)} />
        <Route path="setting/*" element={page(<CategoryPage category="setting" />)} />
        <Route path="genre/*" element={page(<CategoryPage category="genre" />)} />
        <Route path="tag/*" element={page(<CategoryPage category="tag" />)} />
        <Route path="about-us" element={page(<AboutUsPage />)} />
        <Route path="contact-us" element={page(<ContactUsPage />)} />
        <Route path="dmca" element={page(<DmcaPage />)} />
        <Route path="terms-of-service" element={page(<TermsOfServicePage />)} />
        <Route path="privacy-policy" element={page(<PrivacyPolicyPage />)} />
        <Route path="disclaimer" element={page(<DisclaimerPage />)} />
        <Route path="user/login" element={page(<LoginPage />)} />
        <Route path="user/register" element={page(<RegisterPage />)} />
        <Route path="user/verify-email" element={page(<VerifyEmailPage />)} />
        <Route path="user/forgot-password" element={page(<ForgotPasswordPage />)} />
        <Route path="user/reset-password" element={page(<ResetPasswordPage />)} />
        <Route path="user/reset-password-successful" element={page(<ResetPasswordSuccessfulPage />)} />
        <Route path="user/logout" element={page(<LogoutPage />)} />
        <Route path="user/profile" element={protectedPage(<ProfilePage />)} />
        <Route path="user/liked-story" element={protectedPage(<LikedStoriesPage />)} />
        <Route path="user/library" element={protectedPage(<LibraryPage />)} />
        <Route path="user/reply-notification" element={protectedPage(<ReplyNotificationsPage />)} />
        <Route path="user/*" element={<HomePage />} />
        {/* The operators' pages tell visitors and readers they are for operators (the API checks the role too). */}
        <Route path="admin/moderation" element={page(<ModerationPage />)} />
        <Route path="admin/audit" element={page(<AuditPage />)} />
        <Route path=":bookIDSlug" element={<BookRoute />} />
        <Route path=":bookIDSlug/:chapterID" element={page(<ChapterPage />)} />
        <Route path="*" element={<HomePage />} />
      </Route>
    </Routes>
  );
}
