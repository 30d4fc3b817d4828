import { type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { BookRoute } from './routes/BookRoute';
import { HomePage } from '../features/home';
import { lazyComponent } from '../shared/ui/lazy-component';
import { Layout } from './Layout';
import { CategoryPage, ChapterScreen } from './page-code';
import { Boundary } from '../shared/ui/Boundary';

type PropsOf<Component> = Component extends ComponentType<infer Props> ? Props & object : never;

/** A screen loaded on demand from its module's named export. */
function lazyPage<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  return lazyComponent(() => load().then((module) => module[name] as ComponentType<PropsOf<Module[Name]>>));
}

// Every screen but Home loads on demand, so the home page's JavaScript stays small; screens seldom visited load with
// their kin (screens/), so the route table names few chunks.
const staticScreens = () => import('./screens/static');
const accountScreens = () => import('./screens/account');
const readerScreens = () => import('./screens/reader');
const operatorScreens = () => import('./screens/operators');
const SearchPage = lazyPage(() => import('../features/search/components/SearchPage'), 'SearchPage');
const AboutUsPage = lazyPage(staticScreens, 'AboutUsPage');
const ContactUsPage = lazyPage(staticScreens, 'ContactUsPage');
const DmcaPage = lazyPage(staticScreens, 'DmcaPage');
const TermsOfServicePage = lazyPage(staticScreens, 'TermsOfServicePage');
const PrivacyPolicyPage = lazyPage(staticScreens, 'PrivacyPolicyPage');
const DisclaimerPage = lazyPage(staticScreens, 'DisclaimerPage');
const LoginPage = lazyPage(accountScreens, 'LoginPage');
const RegisterPage = lazyPage(accountScreens, 'RegisterPage');
const VerifyEmailPage = lazyPage(accountScreens, 'VerifyEmailPage');
const ForgotPasswordPage = lazyPage(accountScreens, 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(accountScreens, 'ResetPasswordPage');
const ResetPasswordSuccessfulPage = lazyPage(accountScreens, 'ResetPasswordSuccessfulPage');
const LogoutPage = lazyPage(accountScreens, 'LogoutPage');
const ProfileScreen = lazyPage(accountScreens, 'ProfileScreen');
const DeleteAccountPage = lazyPage(accountScreens, 'DeleteAccountPage');
const DigestUnsubscribePage = lazyPage(accountScreens, 'DigestUnsubscribePage');
const ReplyNotificationsPage = lazyPage(readerScreens, 'ReplyNotificationsPage');
const LikedStoriesPage = lazyPage(readerScreens, 'LikedStoriesPage');
const LibraryPage = lazyPage(readerScreens, 'LibraryPage');
const ProtectedRoute = lazyPage(readerScreens, 'ProtectedRoute');
const ModerationPage = lazyPage(operatorScreens, 'ModerationPage');
const AuditPage = lazyPage(operatorScreens, 'AuditPage');

const page = (element: ReactNode) => <Boundary fallback={<p>Loading...</p>}>{element}</Boundary>;
// A login-only page shows nothing while the login state is checked, its check's code loading included.
const protectedPage = (element: ReactNode) => (
  <Boundary fallback={null}>
    <ProtectedRoute>{page(element)}</ProtectedRoute>
  </Boundary>
);

/**
 * The site's route table. Any unknown path shows the home screen. The routes the server renders carry an
 * id, by which it knows the page an address shows (see page-request.ts).
 */
export const appRoutes = (
  <Route element={<Layout />}>
    <Route id="home" index element={<HomePage />} />
    <Route path="searchbook" element={page(<SearchPage />)} />
    <Route id="diversity" path="diversity/*" element={page(<CategoryPage category="diversity" />)} />
    <Route id="setting" path="setting/*" element={page(<CategoryPage category="setting" />)} />
    <Route id="genre" path="genre/*" element={page(<CategoryPage category="genre" />)} />
    <Route id="tag" path="tag/*" element={page(<CategoryPage category="tag" />)} />
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
    <Route path="user/profile" element={protectedPage(<ProfileScreen />)} />
    <Route path="user/delete-account" element={page(<DeleteAccountPage />)} />
    <Route path="user/liked-story" element={protectedPage(<LikedStoriesPage />)} />
    <Route path="user/library" element={protectedPage(<LibraryPage />)} />
    <Route path="user/reply-notification" element={protectedPage(<ReplyNotificationsPage />)} />
    <Route path="user/*" element={<HomePage />} />
    <Route path="digests/unsubscribe" element={page(<DigestUnsubscribePage />)} />
    {/* The operators' pages tell visitors and readers they are for operators (the API checks the role too). */}
    <Route path="admin/moderation" element={page(<ModerationPage />)} />
    <Route path="admin/audit" element={page(<AuditPage />)} />
    <Route id="story" path=":bookIDSlug" element={<BookRoute />} />
    <Route id="chapter" path=":bookIDSlug/:chapterID" element={page(<ChapterScreen />)} />
    <Route id="unknown" path="*" element={<HomePage />} />
  </Route>
);

export function AppRoutes() {
  return <Routes>{appRoutes}</Routes>;
}
