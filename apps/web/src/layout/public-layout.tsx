import type { ReactNode } from 'react';
import { PortalFrame } from '../portal/portal-frame';

/** The frame of the public pages (/web/*, detail, search, visitor pages): the portal's header, nav and footer. */
export default function PublicLayout({ children }: { children: ReactNode }) {
  return <PortalFrame>{children}</PortalFrame>;
}
