import { describe, expect, it } from 'vitest';
import { findPage, guard, menuFor, PAGES, pageInSet, shouldClearSearchCache } from './pages';
import type { RouteSet } from './session';

const SETS: RouteSet[] = ['A', 'B', 'C', 'D'];

describe('the page table', () => {
  it('has every route of spec §2 once', () => {
    const paths = PAGES.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of [
      '/login',
      '/detail',
      '/power',
      '/instructions',
      '/drawings',
      '/fullText',
      '/law',
      '/kindred',
      '/docking',
      '/web/index',
      '/web/facturing/details',
      '/assistance/details',
      '/association/details',
      '/web/small/login',
      '/web/addWaitvisit',
      '/home',
      '/patent',
      '/litigation',
      '/certificateData',
      '/NotpatentDetails',
      '/compdetail',
      '/cutDetails',
      '/early',
      '/VisitsNeeds',
      '/industry',
      '/consulting',
      '/UserConsulting',
      '/litigation/details',
      '/litigation/docking',
      '/costdetails',
      '/certificateExpire',
      '/report',
      '/userCenter',
      '/upPwd',
      '/center',
      '/centerDetail',
      '/system',
      '/AdvancedSearch',
      '/user',
      '/apply',
      '/dataShow',
      '/dataShow/newList',
      '/news',
      '/newsDetails',
      '/IndustryReport',
      '/web',
      '/newhome',
      '/visualization',
      '/visualization/Visit',
      '/visualization/Patent',
      '/work',
      '/workCompany',
      '/workWarning',
      '/workTobear',
      '/workFollow',
      '/workVisit',
      '/workVisit/details',
      '/workCalendar',
      '/workWaitvisit',
      '/workWaitvisit2',
      '/workWaitvisit3',
      '/addWaitvisit',
      '/workEnterprisevisit',
      '/datapage',
      '/honor',
      '/newsystem',
      '/newUserCenter',
      '/NewupPwd',
    ]) {
      expect(findPage(p), p).toBeDefined();
    }
  });

  it('gives every page a Chinese title', () => {
    for (const p of PAGES) expect(p.title, p.path).toMatch(/[\u4e00-\u9fff]/);
  });

  it('keeps /law alive and marks detail pages with a back button', () => {
    expect(findPage('/law')!.keepAlive).toBe(true);
    for (const p of ['/detail', '/power', '/kindred']) expect(findPage(p)!.back).toBe(true);
  });

  it('gives set D only the /work group, /NewupPwd and the message centre (ADR 0033)', () => {
    const d = PAGES.filter((p) => p.sets.includes('D')).map((p) => p.path);
    expect(d).toContain('/NewupPwd');
    const centre = ['/center', '/centerDetail'];
    expect(d.every((p) => p === '/NewupPwd' || p.startsWith('/work') || p === '/addWaitvisit' || centre.includes(p))).toBe(true);
    expect(d).not.toContain('/newhome');
  });

  it('gives the message centre to company users and the enterprise-service accounts, not the administrator', () => {
    for (const path of ['/center', '/centerDetail']) expect(findPage(path)!.sets).toEqual(['A', 'C', 'D']);
  });
});

describe('guard without a token (spec §4)', () => {
  it.each([
    ['/web/index', 'allow'],
    ['/web/news', 'allow'],
    ['/web/search/list', 'allow'],
    ['/detail', 'allow'],
    ['/law', 'allow'],
    ['/docking', 'allow'],
    ['/web/small/Waitvisit', 'allow'],
    ['/login', 'allow'],
    ['/404', 'allow'],
    ['/work', '/web/index'],
    ['/visualization', '/web/index'],
    ['/newhome', '/web/index'],
    ['/userCenter', '/web/index'],
    ['/home', '/web/index'],
    ['/user', '/web/index'],
    ['/', '/web/index'],
    ['/no/such/page', '/web/index'],
  ])('%s → %s', (path, expected) => {
    const d = guard(path, { hasToken: false });
    expect(d.action === 'allow' ? 'allow' : d.action === 'redirect' ? d.to : d.action).toBe(expected);
  });
});

describe('guard with a token', () => {
  it('sends /web/index and /login to the root', () => {
    expect(guard('/web/index', { hasToken: true, set: 'A' })).toEqual({ action: 'redirect', to: '/' });
    expect(guard('/login', { hasToken: true })).toEqual({ action: 'redirect', to: '/' });
  });

  it('loads the user before anything else when the set is unknown', () => {
    expect(guard('/home', { hasToken: true })).toEqual({ action: 'loadUser' });
  });

  it.each([
    ['A', '/home'],
    ['B', '/user'],
    ['C', '/work'],
    ['D', '/work'],
  ] as const)('set %s: / → %s', (set, home) => {
    expect(guard('/', { hasToken: true, set })).toEqual({ action: 'redirect', to: home });
  });

  it('allows each set its own pages and open pages, and sends other sets’ pages to /404', () => {
    for (const set of SETS) {
      for (const page of PAGES) {
        const d = guard(page.path, { hasToken: true, set });
        if (page.path === '/web/index' || page.path === '/login') continue;
        if (!pageInSet(page, set)) expect(d, `${set} ${page.path}`).toEqual({ action: 'redirect', to: '/404' });
        else if (page.redirect) expect(d).toEqual({ action: 'redirect', to: page.redirect });
        else expect(d, `${set} ${page.path}`).toEqual({ action: 'allow' });
      }
    }
  });

  it('sends unknown paths to /404', () => {
    expect(guard('/nope', { hasToken: true, set: 'A' })).toEqual({ action: 'redirect', to: '/404' });
  });

  it('redirects /property to its first child', () => {
    expect(guard('/property', { hasToken: true, set: 'A' })).toEqual({ action: 'redirect', to: '/patent' });
  });
});

describe('menuFor', () => {
  it('builds each set’s menu from pages of that set only', () => {
    for (const set of SETS) {
      const flat = menuFor(set).flatMap((m) => (m.children ? m.children : [m]));
      expect(flat.length).toBeGreaterThan(0);
      for (const item of flat) expect(pageInSet(findPage(item.path)!, set), `${set} ${item.path}`).toBe(true);
    }
  });

  it('nests the /work pages under 工作台 for C and D', () => {
    const work = menuFor('D').find((m) => m.title === '工作台');
    expect(work?.children?.map((c) => c.path)).toContain('/workCompany');
  });

  it('flags entries not for admin view', () => {
    const flat = menuFor('A').flatMap((m) => (m.children ? m.children : [m]));
    expect(flat.find((m) => m.path === '/userCenter')?.notForAdminView).toBe(true);
  });
});

describe('search cache clearing (spec §4)', () => {
  it('clears when leaving the search family, keeps it while moving within', () => {
    expect(shouldClearSearchCache('/docking', '/detail')).toBe(false);
    expect(shouldClearSearchCache('/detail', '/law')).toBe(false);
    expect(shouldClearSearchCache('/detail', '/home')).toBe(true);
    expect(shouldClearSearchCache('/AdvancedSearch', '/user')).toBe(true);
    expect(shouldClearSearchCache('/workEnterprisevisit', '/workCompany')).toBe(true);
    expect(shouldClearSearchCache('/home', '/patent')).toBe(false);
  });
});
