// Claims text → numbered claims, each marked independent (refers to no other claim) or dependent.
import type { ClaimItem } from '@ip/contract';

/** A claim number at the start of a claim: "1." "1、" "1 ." "1)" "[1]" "权利要求1." — checked against the expected number. */
const NUMBER_AT = /(?:\[|【)?\s*(\d{1,3})\s*(?:\]|】)?\s*[.．、:：)）]?\s*/y;

/** Phrases by which a claim refers to earlier claims. */
const REFERS = [
  /(?:根据|如|按照|依据|依照|按|由|基于|使用|采用|利用|包含|包括|实施)\s*权利要求\s*\d/,
  /权利要求\s*\d+(?:\s*(?:[-—~～至到或和及、,，]|或者|以及)\s*\d+)*\s*(?:中\s*)?(?:任一项|任意一项|任一|之一)?\s*(?:所述|所限定|中所述|记载)/,
  /\b(?:according to|as claimed in|as defined in|as recited in|as set forth in|as in|of|in|by) (?:any (?:one )?of )?claims? \d/i,
];

function refsOf(text: string, num: number): number[] {
  const out = new Set<number>();
  const re = /(?:权利要求|claims?)\s*(\d+)((?:\s*(?:[-—~～至到或和及、,，]|或者|以及|or|and|to)\s*\d+)*)/gi;
  for (const m of text.matchAll(re)) {
    const nums = [Number(m[1])];
    const rest = m[2] ?? '';
    const parts = [...rest.matchAll(/([-—~～至到]|to)?\s*(\d+)/gi)];
    for (const p of parts) {
      const n = Number(p[2]);
      if (p[1]) for (let k = nums[nums.length - 1] + 1; k <= n && k - nums[0] < 200; k++) nums.push(k);
      else nums.push(n);
    }
    for (const n of nums) if (n >= 1 && n < num) out.add(n);
  }
  return [...out].sort((a, b) => a - b);
}

/** Splits claims text into claims 1, 2, 3 … (the numbers must follow each other, so "1.5 mm" is not a claim). */
export function parseClaims(text: string): ClaimItem[] {
  const src = (text ?? '').trim();
  if (!src) return [];
  const starts: { num: number; at: number; body: number }[] = [];
  let expected = 1;
  for (let i = 0; i < src.length; i++) {
    // A claim starts at the beginning, or after a line break, sentence end or space.
    if (i > 0 && !/[\n\r。；;.\s，,：:）)]/.test(src[i - 1])) continue;
    if (!/[\d[【]/.test(src[i])) continue;
    NUMBER_AT.lastIndex = i;
    const m = NUMBER_AT.exec(src);
    if (!m || Number(m[1]) !== expected) continue;
    const after = src[i + m[0].length] ?? '';
    // "1" followed by a digit or by a unit is a quantity, not a claim number.
    if (!after || /\d/.test(after) || (!/[.．、:：)）\]】]/.test(m[0]) && !/^\s*\d+\s+\S/.test(m[0]))) continue;
    starts.push({ num: expected, at: i, body: i + m[0].length });
    expected++;
  }
  if (starts.length === 0) return [{ num: 1, text: src, independent: true, refs: [] }];
  const claims: ClaimItem[] = [];
  starts.forEach((s, k) => {
    const end = k + 1 < starts.length ? starts[k + 1].at : src.length;
    const body = src.slice(s.body, end).trim();
    const refs = refsOf(body, s.num);
    const dependent = refs.length > 0 && REFERS.some((re) => re.test(body));
    claims.push({ num: s.num, text: body, independent: !dependent, refs: dependent ? refs : [] });
  });
  // Anything before claim 1 (a heading such as 权利要求书) is dropped.
  return claims;
}
