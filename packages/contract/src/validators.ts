import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/** Trims a mobile number as typed (spec §5: the mobile is trimmed before sending). */
export function trimMobile(mobile: string): string {
  return mobile.replace(/\s+/g, '');
}

/** An 11-digit mainland mobile number: 1, then 3–9, then nine digits. */
export function isMainlandMobile(mobile: string): boolean {
  return /^1[3-9]\d{9}$/.test(mobile);
}

/** Returns a Chinese reason when the password is too weak, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `密码至少 ${PASSWORD_MIN_LENGTH} 位`;
  if (password.length > PASSWORD_MAX_LENGTH) return `密码不能超过 ${PASSWORD_MAX_LENGTH} 位`;
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return '密码须同时包含字母和数字';
  return null;
}

/** Spec §5: an external link starts with http, https, mailto or tel. */
export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(path);
}

/** Spec §5: a role counts as admin-type if it is admin or editor. */
export function isAdminTypeRole(role: string): boolean {
  return ['admin', 'editor'].includes(role.trim());
}

/**
 * Why the address of a patent's drawing or full-text PDF may not be stored or shown, or null when it may: only an
 * absolute http(s) URL with a host, or a file of this product (`/uploads/…`). Rejected: other schemes
 * (javascript:, data:, file:), protocol-relative `//host`, relative paths and bare file names (they would resolve
 * against whatever page shows them), whitespace, control characters and backslashes.
 */
export function fileUrlProblem(url: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are what this rejects
  if (/[\u0000-\u0020\u007f-\u009f\u2028\u2029\\]/.test(url)) return '含有空白、控制字符或反斜杠';
  if (url.startsWith('/uploads/')) {
    return /^\/uploads\/[\w-][\w.-]*(\/[\w-][\w.-]*)*$/.test(url) && !url.includes('..') ? null : '不是有效的本站文件路径';
  }
  if (!/^https?:\/\/[^/]/i.test(url)) return '只能是 http(s) 网址或本站上传的文件（/uploads/…）';
  // A host name or an IPv4/IPv6 address, an optional port, then the end or a path, query or fragment.
  const host =
    /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:[/?#]|$)/i;
  return host.test(url) ? null : '不是有效的网址';
}

/** The characters of a unified social credit code (GB 32100-2015: digits and capitals without I, O, S, V, Z). */
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of the first 17 characters of a unified social credit code, or null if one is invalid. */
export function creditCodeCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = USCC_CHARS.indexOf(first17[i] ?? '');
    if (v < 0) return null;
    sum += v * USCC_WEIGHTS[i];
  }
  return USCC_CHARS[(31 - (sum % 31)) % 31];
}

/**
 * What is wrong with a unified social credit code (统一社会信用代码), or null when it is valid: 18 characters of the
 * GB 32100-2015 set, the last one the check character. Lower case and spaces are forgiven by normaliseCreditCode.
 */
export function creditCodeProblem(code: string): string | null {
  if (code.length !== 18) return '统一社会信用代码应为 18 位';
  if (![...code].every((ch) => USCC_CHARS.includes(ch))) return '统一社会信用代码只能包含数字和大写字母（不含 I、O、S、V、Z）';
  if (creditCodeCheckChar(code.slice(0, 17)) !== code[17]) return '统一社会信用代码校验位不正确，请核对';
  return null;
}

export function normaliseCreditCode(code: string): string {
  return code.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
}
