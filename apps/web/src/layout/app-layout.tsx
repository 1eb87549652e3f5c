import { useEffect, type ReactNode } from 'react';
import { Layout } from 'antd';
import type { PageDef } from '@ip/contract';
import { sessionStore } from '../lib/session-store';
import { BreadcrumbBar } from './breadcrumb-bar';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

/** Follows the window width: under 992 px the device is mobile and the sidebar closes. */
function useDeviceTracking() {
  useEffect(() => {
    const onResize = () => sessionStore.setWidth(window.innerWidth);
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
}

/** The frame of the internal pages (sets A–D): sidebar, top bar, breadcrumb, content. */
export default function AppLayout({ page, children }: { page: PageDef | undefined; children: ReactNode }) {
  useDeviceTracking();
  return (
    <Layout className="app-shell" hasSider>
      <Sidebar />
      <Layout className="app-main">
        <TopBar />
        <BreadcrumbBar page={page} />
        <Layout.Content className="app-content">
          <main>{children}</main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
