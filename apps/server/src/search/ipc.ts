// IPC (and CPC) symbols in one spelling, for both the stored codes and the query values.
//
// Canonical form: no spaces, main group without leading zeros: `H01M10/0525`. A query value may stop at
// any level (`H`, `H01`, `H01M`, `H01M10`, `H01M10/05`) and matches by prefix. A value that stops at the
// main group is written with its slash (`H01M10/`) so that the prefix finds group 10 and not 100–109.
import { normalise } from './normalise';

const IPC_RE = /^([A-H])(?:(\d{2})(?:([A-Z])(?:(\d{1,4})(?:\/(\d{0,6}))?)?)?)?$/;

/** The canonical spelling of an IPC/CPC symbol or prefix, or null when it is not one. */
export function normaliseIpc(input: string): string | null {
  const s = normalise(input).toUpperCase().replace(/\s+/g, '');
  const m = IPC_RE.exec(s);
  if (!m) return null;
  const [, section, cls, subclass, group, subgroup] = m;
  if (!cls) return section;
  if (!subclass) return section + cls;
  if (group === undefined) return section + cls + subclass;
  const g = Number(group);
  if (g === 0) return null;
  return `${section}${cls}${subclass}${g}/${subgroup ?? ''}`;
}
