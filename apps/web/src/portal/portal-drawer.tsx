import type { ReactNode } from 'react';
import { Drawer } from 'antd';

/** The channel menu of narrow screens (portal-frame.tsx); its own chunk, loaded when the menu first opens. */
export default function PortalDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer title="栏目" placement="right" open={open} onClose={onClose} size={280}>
      <nav className="portal-drawer-nav" aria-label="栏目菜单">
        {children}
      </nav>
    </Drawer>
  );
}
