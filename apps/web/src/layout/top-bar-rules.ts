import { chooseRouteSet, findPage, pageInSet, type RouteSet, type SessionUser } from '@ip/contract';

export interface TopBarModel {
  set: RouteSet;
  adminView: boolean;
  /** Name shown beside the avatar: in admin view the admin's name comes first. */
  displayName: string;
  userCenterPath: string | null;
  changePasswordPath: string | null;
  configStaffPath: string | null;
  systemPath: string | null;
  advancedSearchPath: string | null;
  showBackToAdmin: boolean;
  /** Trial users (type '1') get the red 去认证 button. */
  showVerify: boolean;
  /** The bell with the unread count: users whose route set has the message centre (set A, ADR 0028). */
  messageCenterPath: string | null;
}

function ifInSet(path: string, set: RouteSet): string | null {
  const page = findPage(path);
  return page && pageInSet(page, set) ? path : null;
}

/**
 * Spec §2: 配置员工 only when com_id is 0. The enterprise-service main account configures its staff on /newsystem; a
 * verified company user's main account (rid 0, not a trial user) manages its sub-accounts on /system (ADR 0022).
 * Sub-accounts (rid > 0) and trial users have no staff to configure.
 */
function configStaffPath(user: SessionUser, set: RouteSet): string | null {
  if (user.com_id !== 0) return null;
  if (user.is_news === 1) return ifInSet('/newsystem', set);
  if (set === 'A' && user.rid === 0 && user.type !== '1' && ifInSet('/system', set)) return SUB_ACCOUNTS_PATH;
  return null;
}

/** Where a company's main user manages its sub-accounts: the 子账号 tab of /system. */
export const SUB_ACCOUNTS_PATH = '/system?tab=accounts';

/** Which top-bar buttons a user sees and where they lead (spec §2 Layout, §6). */
export function topBarModel(user: SessionUser): TopBarModel {
  const set = chooseRouteSet(user);
  const adminView = user.is_admin_view === 1;
  const isAB = set === 'A' || set === 'B';
  return {
    set,
    adminView,
    displayName: adminView && user.admin_name ? `${user.admin_name} ${user.name}` : user.name,
    userCenterPath: adminView ? null : ifInSet(isAB ? '/userCenter' : '/newUserCenter', set),
    // The server refuses password changes in admin view (ADR 0003), so the icon is not offered there.
    changePasswordPath: adminView ? null : ifInSet(isAB ? '/upPwd' : '/NewupPwd', set),
    configStaffPath: configStaffPath(user, set),
    systemPath: ifInSet(isAB ? '/system' : '/newsystem', set),
    advancedSearchPath: ifInSet('/AdvancedSearch', set),
    showBackToAdmin: adminView,
    showVerify: user.type === '1' && ifInSet('/userCenter', set) !== null,
    messageCenterPath: ifInSet('/center', set),
  };
}
