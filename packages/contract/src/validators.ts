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
