import { Outlet } from 'react-router-dom';
import { CookieBanner } from '../features/site-shell/components/CookieBanner';
import { Footer } from '../features/site-shell/components/Footer';
import { Header } from '../features/site-shell/components/Header';

export function Layout() {
  return (
    <div className="layout">
      <Header />
      <main className="content">
        <Outlet />
      </main>
      <Footer />
      <CookieBanner />
    </div>
  );
}
