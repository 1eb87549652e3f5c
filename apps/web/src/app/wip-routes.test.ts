import { describe, expect, it } from 'vitest';
import { PAGES } from '@ip/contract';
import { WIP_TITLE } from '../components/wip-page';
import { REAL_PAGES, wipRoutes } from './page-modules';

describe('pages still under construction', () => {
  it('every page of the table renders either a real page or the shared WipPage', () => {
    const wip = wipRoutes();
    console.log(`${WIP_TITLE} routes: ${wip.length}`);
    for (const p of PAGES) {
      if (p.redirect) continue;
      const real = Boolean(REAL_PAGES[p.path]);
      expect(real || wip.includes(p), p.path).toBe(true);
      // A page the table does not mark wip must have been built.
      if (!p.wip) expect(real, `${p.path} is not wip but has no page`).toBe(true);
      // …and a page built for real is no longer marked wip (the flag says what is left).
      if (p.wip) expect(real, `${p.path} has a page but is still marked wip`).toBe(false);
    }
    expect(wip.length).toBeGreaterThan(0);
  });
});
