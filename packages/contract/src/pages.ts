import type { MenuItem, RouteSet } from './session';
import { SET_HOME } from './session';

/**
 * How the route guard treats a page without a token (spec §4):
 * public portal, detail, search and small-visit pages are open; internal pages need a token.
 */
export type PageKind = 'public' | 'login' | 'detail' | 'search' | 'small' | 'internal';

/** One page of the product. The router, sidebar, guard, breadcrumb and page title derive from this table. */
export interface PageDef {
  path: string;
  title: string;
  kind: PageKind;
  /** Route sets that include the page; empty for pages open to everyone (public, detail, search). */
  sets: RouteSet[];
  /** Sidebar: shown as a menu entry, with an icon name; `group` nests it under a parent entry. */
  menu?: { icon?: string; group?: string; order: number };
  keepAlive?: boolean;
  notForAdminView?: boolean;
  /** Detail pages show a 返回 button in the breadcrumb. */
  back?: boolean;
  /**
   * Owned by a later issue: shows the shared 功能建设中 page until then. A list of route sets: built for the other
   * sets, still 功能建设中 for these (a page one kind of account gets before another).
   */
  wip?: boolean | RouteSet[];
  /** Redirect to another path (group parents). */
  redirect?: string;
}

const A: RouteSet[] = ['A'];
const B: RouteSet[] = ['B'];
const AB: RouteSet[] = ['A', 'B'];
const C: RouteSet[] = ['C'];
const CD: RouteSet[] = ['C', 'D'];
const ACD: RouteSet[] = ['A', 'C', 'D'];

const detail = (path: string, title: string, extra: Partial<PageDef> = {}): PageDef => ({
  path,
  title,
  kind: 'detail',
  sets: [],
  back: true,
  ...extra,
});
const portal = (path: string, title: string, extra: Partial<PageDef> = {}): PageDef => ({
  path,
  title,
  kind: 'public',
  sets: [],
  wip: true,
  ...extra,
});

/** Sidebar groups: a parent entry whose children are pages carrying `menu.group`. */
export const MENU_GROUPS: Record<string, { title: string; icon: string; order: number; sets: RouteSet[] }> = {
  property: { title: '知识产权', icon: 'SafetyCertificate', order: 20, sets: A },
  warning: { title: '预警中心', icon: 'Alert', order: 30, sets: A },
  dataShow: { title: '数据统计', icon: 'BarChart', order: 30, sets: B },
  visualization: { title: '可视化', icon: 'Dashboard', order: 20, sets: C },
  work: { title: '工作台', icon: 'Appstore', order: 10, sets: CD },
};

export const PAGES: PageDef[] = [
  // Shared and public
  { path: '/login', title: '登录', kind: 'login', sets: [] },
  { path: '/404', title: '页面不存在', kind: 'public', sets: [] },
  detail('/detail', '摘要'),
  detail('/power', '权利要求'),
  detail('/instructions', '说明书'),
  detail('/drawings', '附图'),
  detail('/fullText', '全文'),
  detail('/law', '法律信息', { keepAlive: true }),
  detail('/kindred', '同族信息'),
  { path: '/docking', title: '专利检索', kind: 'search', sets: [] },
  { path: '/web/index', title: '首页', kind: 'public', sets: [] },
  portal('/web/home', '门户首页', { wip: false }),
  portal('/web/news', '新闻资讯', { wip: false }),
  portal('/web/news/details', '新闻详情', { back: true, wip: false }),
  portal('/web/activities', '活动信息', { wip: false }),
  portal('/web/activities/details', '活动详情', { back: true, wip: false }),
  portal('/web/engineering', '知识产权工程', { wip: false }),
  portal('/web/engineering/details', '工程详情', { back: true, wip: false }),
  portal('/web/protection', '知识产权保护', { wip: false }),
  portal('/web/protection/details', '保护详情', { back: true, wip: false }),
  portal('/web/manufacturing', '先进制造', { wip: false }),
  portal('/web/facturing/details', '制造详情', { back: true, wip: false }),
  portal('/web/honor', '专利荣誉', { wip: false }),
  portal('/web/services/central', '服务中心', { wip: false }),
  portal('/web/services/dynamic', '服务动态', { wip: false }),
  portal('/web/services/InnovationStory', '创新故事', { wip: false }),
  portal('/web/services/introduce', '服务介绍', { wip: false }),
  portal('/web/central/details', '服务详情', { back: true, wip: false }),
  portal('/web/finance', '知识产权金融', { wip: false }),
  portal('/web/enterprise', '企业风采', { wip: false }),
  portal('/web/enterprise/leader', '领军企业', { wip: false }),
  portal('/web/leader/details', '企业详情', { back: true, wip: false }),
  portal('/web/overseas/warning', '海外预警', { wip: false }),
  portal('/web/overseas/assistance', '海外援助', { wip: false }),
  portal('/web/overseas/association', '海外协会', { wip: false }),
  portal('/assistance/details', '援助详情', { back: true, wip: false }),
  portal('/association/details', '协会详情', { back: true, wip: false }),
  portal('/web/askAbout', '咨询问答', { wip: false }),
  portal('/web/seniorSearch', '高级检索', { kind: 'search', wip: false }),
  portal('/web/manage', '知识产权管理', { wip: false }),
  portal('/web/guanjia', '知识产权管家', { wip: false }),
  portal('/web/search', '专利检索', { kind: 'search', wip: false }),
  portal('/web/search/list', '检索结果', { kind: 'search', wip: false }),
  portal('/web/policies', '政策法规', { wip: false }),
  portal('/web/policies/details', '政策详情', { back: true, wip: false }),
  portal('/web/policy/details', '政策解读', { back: true, wip: false }),
  portal('/web/dialogue', '政企对话', { wip: false }),
  portal('/web/patentaward', '专利奖', { wip: false }),
  portal('/web/immediately', '立即咨询', { wip: false }),
  { path: '/web/small/login', title: '访客登录', kind: 'small', sets: [] },
  { path: '/web/small/Waitvisit', title: '待走访', kind: 'small', sets: [] },
  { path: '/web/small/workVisit', title: '走访记录', kind: 'small', sets: [] },
  { path: '/web/addWaitvisit', title: '发起待走访', kind: 'small', sets: [] },

  // Set A: company user
  { path: '/home', title: '首页', kind: 'internal', sets: A, menu: { icon: 'Home', order: 10 } },
  { path: '/property', title: '知识产权', kind: 'internal', sets: A, redirect: '/patent' },
  { path: '/patent', title: '专利管理', kind: 'internal', sets: A, menu: { group: 'property', order: 1 } },
  { path: '/litigation', title: '诉讼管理', kind: 'internal', sets: A, menu: { group: 'property', order: 2 } },
  { path: '/certificateData', title: '证书管理', kind: 'internal', sets: A, menu: { group: 'property', order: 3 } },
  { path: '/patentDetails', title: '专利详情', kind: 'internal', sets: A, back: true },
  { path: '/NotpatentDetails', title: '非专利详情', kind: 'internal', sets: A, back: true },
  { path: '/early', title: '监控预警', kind: 'internal', sets: A, menu: { group: 'warning', order: 1 }, wip: false },
  { path: '/compdetail', title: '监控详情', kind: 'internal', sets: A, back: true, wip: false },
  { path: '/cutDetails', title: '监控对比详情', kind: 'internal', sets: A, back: true, wip: false },
  { path: '/costdetails', title: '年费预警', kind: 'internal', sets: A, menu: { group: 'warning', order: 2 }, wip: false },
  {
    path: '/certificateExpire',
    title: '证书到期预警',
    kind: 'internal',
    sets: A,
    menu: { group: 'warning', order: 3 },
    wip: false,
  },
  { path: '/VisitsNeeds', title: '走访需求', kind: 'internal', sets: A, menu: { icon: 'Solution', order: 40 }, wip: false },
  { path: '/report', title: '专利月报', kind: 'internal', sets: A, menu: { icon: 'FileText', order: 50 }, wip: false },
  { path: '/industry', title: '产业报告', kind: 'internal', sets: A, menu: { icon: 'Fund', order: 60 }, wip: false },
  { path: '/UserConsulting', title: '业务咨询', kind: 'internal', sets: A, menu: { icon: 'Customer', order: 70 }, wip: false },
  { path: '/litigation/details', title: '诉讼详情', kind: 'internal', sets: A, back: true },
  { path: '/litigation/docking', title: '诉讼检索', kind: 'internal', sets: A, back: true },
  // The message centre is also the enterprise-service accounts' (main and staff; ADR 0033): their bell leads here.
  { path: '/center', title: '消息中心', kind: 'internal', sets: ACD, menu: { icon: 'Bell', order: 80 }, wip: false },
  { path: '/centerDetail', title: '消息详情', kind: 'internal', sets: ACD, back: true, wip: false },
  {
    path: '/userCenter',
    title: '个人中心',
    kind: 'internal',
    sets: AB,
    menu: { icon: 'User', order: 90 },
    notForAdminView: true,
  },
  { path: '/upPwd', title: '修改密码', kind: 'internal', sets: AB, notForAdminView: true },
  {
    path: '/system',
    title: '系统管理',
    kind: 'internal',
    sets: AB,
    menu: { icon: 'Setting', order: 100 },
    notForAdminView: true,
    // The administrator's tabs (存储空间, ADR 0014); the company's profile and sub-accounts (ADR 0022).
  },
  { path: '/AdvancedSearch', title: '高级检索', kind: 'internal', sets: AB },
  { path: '/consulting', title: '业务咨询', kind: 'internal', sets: AB, menu: { icon: 'Customer', order: 70 }, wip: false },

  // Set B: administrator
  { path: '/user', title: '用户管理', kind: 'internal', sets: B, menu: { icon: 'Team', order: 10 } },
  { path: '/apply', title: '申请管理', kind: 'internal', sets: B, menu: { icon: 'Audit', order: 20 } },
  { path: '/dataShow', title: '统计概览', kind: 'internal', sets: B, menu: { group: 'dataShow', order: 1 }, wip: false },
  { path: '/dataShow/newList', title: '统计明细', kind: 'internal', sets: B, menu: { group: 'dataShow', order: 2 }, wip: false },
  { path: '/news', title: '资讯中心', kind: 'internal', sets: B, menu: { icon: 'Read', order: 40 }, wip: false },
  { path: '/newsDetails', title: '消息详情', kind: 'internal', sets: B, back: true, wip: false },
  { path: '/IndustryReport', title: '产业报告管理', kind: 'internal', sets: B, menu: { icon: 'Fund', order: 50 }, wip: false },
  { path: '/web', title: '网站管理', kind: 'internal', sets: B, menu: { icon: 'Global', order: 60 }, wip: false },

  // Set C: enterprise-service main account; D: its employees (the /work group and /NewupPwd)
  { path: '/newhome', title: '首页', kind: 'internal', sets: C, menu: { icon: 'Home', order: 5 }, wip: false },
  {
    path: '/visualization',
    title: '可视化总览',
    kind: 'internal',
    sets: C,
    menu: { group: 'visualization', order: 1 },
    wip: false,
  },
  {
    path: '/visualization/Visit',
    title: '走访可视化',
    kind: 'internal',
    sets: C,
    menu: { group: 'visualization', order: 2 },
    wip: false,
  },
  {
    path: '/visualization/Patent',
    title: '专利可视化',
    kind: 'internal',
    sets: C,
    menu: { group: 'visualization', order: 3 },
    wip: false,
  },
  { path: '/work', title: '工作台', kind: 'internal', sets: CD, menu: { group: 'work', order: 0 }, wip: false },
  { path: '/workCompany', title: '企业排名', kind: 'internal', sets: CD, menu: { group: 'work', order: 1 }, wip: false },
  { path: '/workWarning', title: '企业预警', kind: 'internal', sets: CD, menu: { group: 'work', order: 2 }, wip: false },
  { path: '/workTobear', title: '企业分级', kind: 'internal', sets: CD, menu: { group: 'work', order: 3 }, wip: false },
  { path: '/workFollow', title: '待跟进', kind: 'internal', sets: CD, menu: { group: 'work', order: 4 }, wip: false },
  { path: '/workVisit', title: '走访跟进', kind: 'internal', sets: CD, menu: { group: 'work', order: 5 }, wip: false },
  { path: '/workVisit/details', title: '走访详情', kind: 'internal', sets: CD, back: true, wip: false },
  { path: '/workCalendar', title: '工作日历', kind: 'internal', sets: CD, menu: { group: 'work', order: 6 }, wip: false },
  { path: '/workWaitvisit', title: '待走访日历', kind: 'internal', sets: CD, menu: { group: 'work', order: 7 }, wip: false },
  { path: '/workWaitvisit2', title: '走访记录', kind: 'internal', sets: CD, menu: { group: 'work', order: 8 }, wip: false },
  { path: '/workWaitvisit3', title: '需求记录', kind: 'internal', sets: CD, menu: { group: 'work', order: 9 }, wip: false },
  { path: '/addWaitvisit', title: '发起待走访', kind: 'internal', sets: CD, back: true, wip: false },
  { path: '/workEnterprisevisit', title: '企业走访', kind: 'internal', sets: CD, back: true, wip: false },
  { path: '/datapage', title: '数据大屏', kind: 'internal', sets: C, menu: { icon: 'Dashboard', order: 30 }, wip: false },
  { path: '/honor', title: '企业荣誉', kind: 'internal', sets: C, menu: { icon: 'Trophy', order: 40 }, wip: false },
  { path: '/newsystem', title: '系统管理', kind: 'internal', sets: C, menu: { icon: 'Setting', order: 90 }, wip: false },
  { path: '/newUserCenter', title: '个人中心', kind: 'internal', sets: C, menu: { icon: 'User', order: 80 } },
  { path: '/NewupPwd', title: '修改密码', kind: 'internal', sets: CD },
];

const byPath = new Map(PAGES.map((p) => [p.path, p]));

/** The page definition for a path, or undefined for an unknown path. */
export function findPage(path: string): PageDef | undefined {
  return byPath.get(path.length > 1 ? path.replace(/\/+$/, '') : path);
}

/** Whether a page is part of a route set: open pages (no sets) belong to every set. */
export function pageInSet(page: PageDef, set: RouteSet): boolean {
  return page.sets.length === 0 || page.sets.includes(set);
}

export type GuardDecision = { action: 'allow' } | { action: 'redirect'; to: string } | { action: 'loadUser' };

/**
 * The route guard of spec §4 as a pure decision.
 * Without a token: portal, detail, search, small-visit, login and 404 pages are allowed; the rest go to /web/index.
 * With a token: /web/index and /login go to '/', '/' goes to the set's home; before the user is loaded, load it;
 * pages outside the user's set are unknown to that user and go to /404.
 */
export function guard(path: string, ctx: { hasToken: boolean; set?: RouteSet }): GuardDecision {
  const page = findPage(path);
  if (!ctx.hasToken) {
    if (page && page.kind !== 'internal') return { action: 'allow' };
    return { action: 'redirect', to: '/web/index' };
  }
  if (path === '/web/index' || path === '/login') return { action: 'redirect', to: '/' };
  if (!ctx.set) return { action: 'loadUser' };
  if (path === '/' || path === '') return { action: 'redirect', to: SET_HOME[ctx.set] };
  if (!page) return { action: 'redirect', to: '/404' };
  if (!pageInSet(page, ctx.set)) return { action: 'redirect', to: '/404' };
  if (page.redirect) return { action: 'redirect', to: page.redirect };
  return { action: 'allow' };
}

/** The sidebar menu of a route set, from the page table, in order. */
export function menuFor(set: RouteSet): MenuItem[] {
  type Entry = MenuItem & { order: number };
  const top: Entry[] = [];
  const groups = new Map<string, Entry>();
  for (const [key, g] of Object.entries(MENU_GROUPS)) {
    if (g.sets.includes(set))
      groups.set(key, { path: `group:${key}`, title: g.title, icon: g.icon, order: g.order, children: [] });
  }
  const pages = PAGES.filter((p) => p.menu && p.sets.includes(set)).sort((a, b) => a.menu!.order - b.menu!.order);
  for (const p of pages) {
    const item: Entry = { path: p.path, title: p.title, icon: p.menu!.icon, order: p.menu!.order };
    if (p.notForAdminView) item.notForAdminView = true;
    const group = p.menu!.group ? groups.get(p.menu!.group) : undefined;
    if (group) group.children!.push(item);
    else if (!p.menu!.group) top.push(item);
  }
  for (const g of groups.values()) if (g.children!.length) top.push(g);
  // Set B has both /consulting and set A has /UserConsulting: keep each set's own entry only.
  const entries = top.filter((e) => !(set === 'A' && e.path === '/consulting'));
  return entries.sort((a, b) => a.order - b.order).map(({ order: _order, ...rest }) => stripOrder(rest));
}

function stripOrder(item: MenuItem & { order?: number }): MenuItem {
  const { order: _o, children, ...rest } = item;
  return children ? { ...rest, children: children.map(stripOrder) } : rest;
}

/** Spec §4: search-result caches are cleared when leaving these pages. */
export const SEARCH_CACHE_PAGES = [
  '/detail',
  '/power',
  '/instructions',
  '/drawings',
  '/fullText',
  '/law',
  '/kindred',
  '/AdvancedSearch',
  '/workEnterprisevisit',
  '/docking',
];

/** Whether leaving `from` for `to` clears the search caches. */
export function shouldClearSearchCache(from: string, to: string): boolean {
  const isCachePage = (p: string) => SEARCH_CACHE_PAGES.includes(p);
  // Moving among detail tabs or back to the results keeps the cache; leaving the whole family clears it.
  return isCachePage(from) && !isCachePage(to);
}
