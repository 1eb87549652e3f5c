/** Business constants fixed by the product specification (§9) and shared by server and web. */
export const PRODUCT_TITLE = '知识产权管理与专利检索平台';
/** Default page title: the administrative management title of the product. */
export const DEFAULT_PAGE_TITLE = PRODUCT_TITLE;
export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_WIDTH = 260;
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const COMPANY_SEARCH_DELAY_MS = 500;
export const COMPANY_SEARCH_CAP = 1000;
export const REQUEST_TIMEOUT_MS = 100000;
export const ERROR_MESSAGE_DURATION_MS = 5000;
export const LANDING_PAGE = '/web/index';

/** Account rules (DOMAIN §1 and the walking-skeleton issue). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_RESEND_INTERVAL_MS = 60 * 1000;
export const SMS_MAX_WRONG_TRIES = 5;
export const TOKEN_IDLE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A token dies this long after it was issued, however often it is used (ADR 0013). */
export const TOKEN_ABSOLUTE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Failed logins for one mobile from one client address before 429 (ADR 0013). */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failed logins from one client address, across mobiles, per window. */
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 30;
/** Failed logins for one mobile from all addresses together, per hour (slower, so one stranger cannot lock a user out). */
export const LOGIN_MAX_FAILURES_PER_MOBILE = 50;
export const LOGIN_MOBILE_WINDOW_MS = 60 * 60 * 1000;
/** SMS caps besides the 60 s per mobile: per mobile per day, per client address per hour and per day. */
export const SMS_MAX_PER_MOBILE_PER_DAY = 10;
export const SMS_MAX_PER_ADDRESS_PER_HOUR = 20;
export const SMS_MAX_PER_ADDRESS_PER_DAY = 100;

/** Uploads (POST /v1/common/file). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export type UploadKind = 'image' | 'file';
export interface UploadRule {
  mimes: string[];
  exts: string[];
  label: string;
}
export const UPLOAD_TYPES: Record<UploadKind, UploadRule> = {
  image: {
    mimes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
    exts: ['.png', '.jpg', '.jpeg', '.gif', '.webp'],
    label: '图片（PNG、JPG、GIF、WEBP）',
  },
  file: {
    mimes: [
      'application/pdf',
      'image/png',
      'image/jpeg',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    exts: ['.pdf', '.png', '.jpg', '.jpeg', '.doc', '.docx', '.xls', '.xlsx'],
    label: '文件（PDF、图片、Word、Excel）',
  },
};

/** The rule of an upload type a client named; null for anything else (own keys only: `__proto__` is not a type). */
export function uploadRule(kind: string): UploadRule | null {
  return Object.hasOwn(UPLOAD_TYPES, kind) ? UPLOAD_TYPES[kind as UploadKind] : null;
}

/** Session storage keys used by the web client (spec §4). */
export const STORAGE_KEYS = {
  token: 'token',
  newtoken: 'newtoken',
  newtype: 'newtype',
  roles: 'roles',
  tokenIfon: 'tokenIfon',
  adminToken: 'adminToken',
  avatar: 'avatar',
  rememberMobile: 'rememberMobile',
  /**
   * Local storage: '1' while this browser has logged in and not logged out. A new tab, whose session storage is
   * empty, then asks the server once whether the HttpOnly token cookie still holds a session (ADR 0013).
   */
  sessionHint: 'sessionHint',
  /** The visitor token of the /web/small pages, kept apart from the user token so the guard does not treat it as a login. */
  visitorToken: 'visitorToken',
  /** Search-result caches cleared when leaving search-related pages. */
  searchCachePrefix: 'searchCache:',
} as const;
/** The session cookie: set and cleared by the server only, HttpOnly, so page scripts never see it (ADR 0013). */
export const TOKEN_COOKIE = 'token';
