import { useAtomValue } from 'jotai';
import { Outlet } from 'react-router-dom';
import { hasLocalPlaces } from '../features/reading-progress';
import { AdBlockBanner } from './frame/components/AdBlockBanner';
import { AdSlot } from '../shared/page/AdSlot';
import { CookieBanner } from './frame/components/CookieBanner';
import { Footer } from './frame/components/Footer';
import { Header } from './frame/components/Header';
import { SidePanel } from './frame/components/SidePanel';
import { useHydrated } from '../shared/state/hydration';
import { isLoggedInAtom } from '../shared/state/session.atoms';
import { EarlyInputReplay } from './early-input';
import { OfflineNotice } from './OfflineNotice';
import { OfflineReading } from './OfflineReading';
import { lazyComponent } from '../shared/ui/lazy-component';
import { Boundary } from '../shared/ui/Boundary';

const MergeVisitorProgress = lazyComponent(() =>
  import('../features/reading-progress/components/MergeVisitorProgress').then((m) => m.MergeVisitorProgress),
);

/**
 * A visitor's places go to the account they log in to; the code that sends them loads only then. A component of its
 * own, so that the page's end of hydration renders it alone, not the whole layout.
 */
function VisitorPlacesMerge() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const merging = useHydrated() && loggedIn && hasLocalPlaces();
  return merging ? (
    <Boundary>
      <MergeVisitorProgress />
    </Boundary>
  ) : null;
}

export function Layout() {
  return (
    <div className="layout">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <Header />
      <OfflineNotice />
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
      <VisitorPlacesMerge />
      <OfflineReading />
      <EarlyInputReplay />
    </div>
  );
}
