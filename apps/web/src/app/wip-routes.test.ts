import { describe, expect, it } from 'vitest';
import { PAGES, type RouteSet } from '@ip/contract';
import { WIP_TITLE } from '../components/wip-page';
import { REAL_PAGES, builtFor, componentFor, partlyWipRoutes, wipRoutes } from './page-modules';

describe('pages still under construction', () => {
  it('every page of the table renders either a real page or the shared WipPage', () => {
    const wip = wipRoutes();
    console.log(`${WIP_TITLE} routes: ${wip.length}, partly built: ${partlyWipRoutes().length}`);
    for (const p of PAGES) {
      if (p.redirect) continue;
      const real = Boolean(REAL_PAGES[p.path]);
      expect(real || wip.includes(p), p.path).toBe(true);
      // A page the table does not mark wip must have been built.
      if (!p.wip) expect(real, `${p.path} is not wip but has no page`).toBe(true);
      // …and a page built for real is no longer marked wip (the flag says what is left).
      if (p.wip === true) expect(real, `${p.path} has a page but is still marked wip`).toBe(false);
    }
    // Every route of the spec is built (issue 14's goal): none is left on the shared WipPage.
    expect(wip.map((p) => p.path)).toEqual([]);
  });

  it('a page built for some route sets only lists the sets still wip, has a page, and shows WipPage to those sets', () => {
    const partly = partlyWipRoutes();
    for (const p of partly) {
      const wipSets = p.wip as string[];
      expect(wipSets.length, p.path).toBeGreaterThan(0);
      // A list naming every set of the page would mean nothing is built: that page is `wip: true`.
      expect(
        p.sets.some((s) => !wipSets.includes(s)),
        `${p.path} lists all its sets as wip`,
      ).toBe(true);
      expect(
        wipSets.every((s) => p.sets.includes(s as never)),
        `${p.path} lists a set it is not in`,
      ).toBe(true);
      expect(REAL_PAGES[p.path], `${p.path} has no page`).toBeTruthy();
      expect(componentFor(p)).not.toBe(REAL_PAGES[p.path]);
      for (const s of p.sets) expect(builtFor(p, s), `${p.path} for ${s}`).toBe(!wipSets.includes(s));
    }
    // The mechanism, on /system as it was before its company page was built (issue 9): now built for A and B.
    const system = PAGES.find((p) => p.path === '/system')!;
    expect(system.wip).toBeUndefined();
    expect(partly).not.toContain(system);
    for (const s of system.sets) expect(builtFor(system, s), `/system for ${s}`).toBe(true);
    const halfBuilt = { ...system, wip: ['A'] as RouteSet[] };
    expect(builtFor(halfBuilt, 'A')).toBe(false);
    expect(builtFor(halfBuilt, 'B')).toBe(true);
    expect(componentFor(halfBuilt)).not.toBe(REAL_PAGES['/system']);
  });
});
