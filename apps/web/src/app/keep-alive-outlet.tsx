import { Suspense, createElement, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { findPage, type PageDef } from '@ip/contract';
import { PageSpin } from '../components/page-spin';
import { componentFor } from './page-modules';

interface Kept {
  path: string;
  /** The patent (or other subject) the kept page shows: a different one starts a fresh instance. */
  subject: string;
}

function subjectOf(search: string): string {
  const p = new URLSearchParams(search);
  return p.get('id') ?? p.get('number') ?? '';
}

/** Whether moving to `page` keeps a kept page alive: only among the pages of its own kind (the detail tabs). */
function staysAlive(kept: Kept, page: PageDef | undefined, subject: string): boolean {
  const keptPage = findPage(kept.path);
  return !!page && !!keptPage && page.kind === keptPage.kind && subject === kept.subject;
}

/** A kept page: hidden while another page shows; its window scroll position is restored when it shows again. */
function KeptPage({ active, children }: { active: boolean; children: ReactNode }) {
  const scrollY = useRef(0);
  useLayoutEffect(() => {
    if (!active) return;
    window.scrollTo(0, scrollY.current);
    const onScroll = () => {
      scrollY.current = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [active]);
  return (
    <div
      style={active ? undefined : { display: 'none' }}
      aria-hidden={active ? undefined : true}
      data-keep-alive={active ? 'shown' : 'hidden'}
    >
      <Suspense fallback={<PageSpin />}>{children}</Suspense>
    </div>
  );
}

/**
 * The route outlet with keep-alive (page table flag `keepAlive`, spec §2: /law): once opened, such a page stays
 * mounted, hidden, while the user moves among pages of the same kind (the detail tabs of the same patent), so
 * coming back shows it as it was: same state, same scroll position. Leaving the group, or opening another patent,
 * drops it.
 */
export function KeepAliveOutlet() {
  const location = useLocation();
  const outlet = useOutlet();
  const page = findPage(location.pathname);
  const subject = subjectOf(location.search);
  const [kept, setKept] = useState<Kept | null>(null);

  // Adjusting state while rendering (React's pattern for state derived from the previous render).
  let next = kept;
  if (page?.keepAlive) {
    if (!kept || kept.path !== page.path || kept.subject !== subject) next = { path: page.path, subject };
  } else if (kept && !staysAlive(kept, page, subject)) {
    next = null;
  }
  if (next !== kept) setKept(next);

  const showingKept = !!next && next.path === page?.path;
  const keptPage = next ? findPage(next.path) : undefined;
  return (
    <>
      {next && keptPage && (
        <KeptPage key={`${next.path}?${next.subject}`} active={showingKept}>
          {createElement(componentFor(keptPage))}
        </KeptPage>
      )}
      {!showingKept && <Suspense fallback={<PageSpin />}>{outlet}</Suspense>}
    </>
  );
}
