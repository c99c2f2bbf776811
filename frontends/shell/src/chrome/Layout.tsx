import { useEffect, useMemo, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { ChromeContext, type Chrome } from '@vellum/ui';
import { AuthModalsProvider } from '../auth/AuthModalsProvider';
import { Footer } from './Footer';
import { ScrollToTop } from './ScrollToTop';
import { SidePanel } from './SidePanel';
import { TopBar } from './TopBar';

/** The frame around every page: top bar, side panel, the page, footer, scroll-to-top. */
export function Layout() {
  const [sidePanelOpen, setSidePanelOpen] = useState(false);
  const [footerHidden, setFooterHidden] = useState(false);
  const chrome = useMemo<Chrome>(() => ({ setFooterHidden }), []);
  const { pathname } = useLocation();
  useEffect(() => setSidePanelOpen(false), [pathname]);
  return (
    <ChromeContext.Provider value={chrome}>
      <AuthModalsProvider>
        <a href="#main" className="visually-hidden-focusable position-absolute p-2">
          Skip to content
        </a>
        <TopBar sidePanelOpen={sidePanelOpen} onToggleSidePanel={() => setSidePanelOpen((open) => !open)} />
        <SidePanel show={sidePanelOpen} onHide={() => setSidePanelOpen(false)} />
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
