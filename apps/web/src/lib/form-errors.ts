import type { FormInstance } from 'antd';
import { ApiError } from '../api/http';

/**
 * Marks the form fields a server validation error names (`fields:[{path,msg}]`).
 * Only fields the form has are marked; the toast from the HTTP client covers the rest.
 */
export function markServerFieldErrors(form: FormInstance, err: unknown, known: string[]): boolean {
  if (!(err instanceof ApiError) || !err.fields?.length) return false;
  const byField = new Map<string, string[]>();
  for (const f of err.fields) {
    const name = f.path.split('.')[0];
    if (!known.includes(name)) continue;
    byField.set(name, [...(byField.get(name) ?? []), f.msg]);
  }
  if (!byField.size) return false;
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  return true;
}
