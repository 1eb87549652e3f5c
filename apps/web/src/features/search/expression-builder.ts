import type { Dayjs } from 'dayjs';
import type { SearchField, SearchForm } from './api';

/** What the antd form holds: text for text/code fields, a date range, or checked values. */
export type FormValue = string | (Dayjs | null)[] | string[] | null | undefined;
export type FormValues = Record<string, FormValue>;

function isDayjsRange(v: FormValue): v is (Dayjs | null)[] {
  return Array.isArray(v) && v.some((d) => d !== null && typeof d === 'object');
}

/**
 * The form as /v1/search/get-expression takes it, in the order of the field list, empty boxes left out:
 * text/code → string, date → [from, to] (YYYY-MM-DD, either may be ''), enum → values.
 */
export function toSearchForm(values: FormValues, fields: SearchField[]): SearchForm {
  const form: SearchForm = {};
  for (const f of fields) {
    const v = values[f.code];
    if (v === undefined || v === null) continue;
    if (f.kind === 'date') {
      if (!Array.isArray(v)) continue;
      const range = isDayjsRange(v) ? v.map((d) => (d ? d.format('YYYY-MM-DD') : '')) : (v as string[]).map((s) => s ?? '');
      if (range.some(Boolean)) form[f.code] = [range[0] ?? '', range[1] ?? ''];
    } else if (f.kind === 'enum') {
      const picked = (Array.isArray(v) ? (v as string[]) : [String(v)]).filter(Boolean);
      if (picked.length) form[f.code] = picked;
    } else if (typeof v === 'string' && v.trim()) {
      form[f.code] = v.trim();
    }
  }
  return form;
}

// A box holding more than one word or any operator is grouped: `TI=(锂电池 OR 钠电池)`.
const NEEDS_GROUP = /[\s()（）"“”]|\b(AND|OR|NOT|NEAR)\b|[与或非]/i;

/**
 * The expression of a form, built in the browser with the server's rules (fields ANDed in list order) so it shows
 * at once; the server's canonical form (/v1/search/get-expression) replaces it a moment later.
 */
export function buildExpression(form: SearchForm, fields: SearchField[]): string {
  const kinds = new Map(fields.map((f) => [f.code, f.kind]));
  const parts: string[] = [];
  for (const [code, value] of Object.entries(form)) {
    const kind = kinds.get(code) ?? 'text';
    if (kind === 'date' && Array.isArray(value)) {
      const [from = '', to = ''] = value;
      if (from && to) parts.push(from === to ? `${code}=${from}` : `${code}=[${from} TO ${to}]`);
      else if (from) parts.push(`${code}>=${from}`);
      else if (to) parts.push(`${code}<=${to}`);
    } else if (kind === 'enum' && Array.isArray(value)) {
      if (value.length === 1) parts.push(`${code}=${value[0]}`);
      else if (value.length > 1) parts.push(`${code}=(${value.join(' OR ')})`);
    } else if (typeof value === 'string' && value) {
      const v = kind === 'code' ? value.replace(/\s+/g, '') : value;
      parts.push(NEEDS_GROUP.test(v) ? `${code}=(${v})` : `${code}=${v}`);
    }
  }
  return parts.join(' AND ');
}

/** UTF-16 offset of a 1-based code-point position (the server counts code points). */
export function offsetOfPosition(text: string, position: number): number {
  const chars = Array.from(text);
  return chars.slice(0, Math.max(0, Math.min(position - 1, chars.length))).join('').length;
}
