import { Outlet } from 'react-router-dom';
import { useMergeVisitorProgress } from '../features/reading-progress/use-merge-visitor-progress';
import { AdBlockBanner } from '../features/site-shell/components/AdBlockBanner';
import { AdSlot } from '../features/site-shell/components/AdSlot';
import { CookieBanner } from '../features/site-shell/components/CookieBanner';
import { Footer } from '../features/site-shell/components/Footer';
import { Header } from '../features/site-shell/components/Header';
import { SidePanel } from '../features/site-shell/components/SidePanel';

export function Layout() {
  useMergeVisitorProgress();
  return (
    <div className="layout">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <Header />
      <AdBlockBanner />
      <AdSlot name="top" />
      <div className="layout-body">
        <main id="main-content" className="content">
          <Outlet />
        </main>
        <SidePanel />
      </div>
      <Footer />
      <CookieBanner />
    </div>
  );
}
