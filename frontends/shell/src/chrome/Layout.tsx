import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { ChromeContext, useSession, type Chrome } from '@vellum/ui/core';
import { AuthModalsProvider } from '../auth/AuthModalsProvider';
import { Footer } from './Footer';
import { ScrollToTop } from './ScrollToTop';
import { TopBar } from './TopBar';

// Signed-in users only: loaded once the session says who is signed in.
const SidePanel = lazy(() => import('./SidePanel').then((module) => ({ default: module.SidePanel })));

/** The frame around every page: top bar, side panel, the page, footer, scroll-to-top. */
export function Layout() {
  const [sidePanelOpen, setSidePanelOpen] = useState(false);
  const [footerHidden, setFooterHidden] = useState(false);
  const chrome = useMemo<Chrome>(() => ({ setFooterHidden }), []);
  const { pathname } = useLocation();
  const { signedCirrus } = useSession();
  useEffect(() => setSidePanelOpen(false), [pathname]);
  return (
    <ChromeContext.Provider value={chrome}>
      <AuthModalsProvider>
        <a href="#main" className="visually-hidden-focusable position-absolute p-2">
          Skip to content
        </a>
        <TopBar sidePanelOpen={sidePanelOpen} onToggleSidePanel={() => setSidePanelOpen((open) => !open)} />
        {signedCirrus ? (
          <Suspense fallback={null}>
            <SidePanel show={sidePanelOpen} onHide={() => setSidePanelOpen(false)} />
          </Suspense>
        ) : null}
        <main id="main" className="vellum-main">
          <Outlet />
        </main>
        {footerHidden ? null : <Footer />}
        <ScrollToTop />
        <ScrollRestoration />
      </AuthModalsProvider>
    </ChromeContext.Provider>
  );
}
