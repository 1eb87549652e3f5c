import { useLocation } from 'react-router';
import { findPage, type PageDef } from '@ip/contract';

/** The page-table entry of the current location, or undefined for an unknown path. */
export function useCurrentPage(): PageDef | undefined {
  const { pathname } = useLocation();
  return findPage(pathname);
}
