import type { ElementType } from 'react';
import { Badge, Tag } from 'antd';
import type { LitigationParty } from '@ip/contract';

// Maps: the values come from imported data, and a plain object would answer `constructor` with a function.
// The status is a coloured dot beside text in the normal colour: antd's light success/warning tags put green or gold
// text on a pale ground below the 4.5:1 contrast WCAG 2.1 AA asks (axe-core, ADR 0023).
const STATUS_DOT = new Map<string, 'processing' | 'success' | 'warning' | 'default'>([
  ['审理中', 'processing'],
  ['已判决', 'success'],
  ['已调解', 'warning'],
  ['已撤诉', 'default'],
]);
const LEVEL_COLOR = new Map([
  ['一审', 'blue'],
  ['二审', 'purple'],
  ['再审', 'magenta'],
]);

/** 审理中 (blue, pulsing), 已判决 green, 已调解 gold, 已撤诉 grey. */
export function CaseStatusTag({ status }: { status?: string | null }) {
  if (!status) return null;
  return (
    <Badge status={STATUS_DOT.get(status) ?? 'default'} text={status} aria-label={`案件状态：${status}`} className="lit-status" />
  );
}

/** The caller's company is a party (with its roles): dark gold, white text (contrast 7:1). */
export function OwnTag({ roles }: { roles?: string[] }) {
  return <Tag color="#874d00">本企业{roles?.length ? roles.join('、') : ''}</Tag>;
}

export function TrialLevelTag({ level }: { level?: string | null }) {
  if (!level) return null;
  return (
    <Tag color={LEVEL_COLOR.get(level) ?? 'default'} aria-label={`审级：${level}`}>
      {level}
    </Tag>
  );
}

/**
 * The server escapes the case text and adds only <em>…</em> around what the query matched. Anything else that looks
 * like a tag is turned back into text here too, so a bug upstream can never inject markup.
 */
export function safeHighlightHtml(html: string): string {
  return (html ?? '').replace(/<(?!\/?em>)/gi, '&lt;');
}

/** Renders a highlighted field (the only place this feature uses dangerouslySetInnerHTML). */
export function HighlightHtml({ html, as: Tag = 'span', className }: { html: string; as?: ElementType; className?: string }) {
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: safeHighlightHtml(html) }} />;
}

/** 原告：甲、乙；被告：丙 — the caller's own company in bold with a 本企业 mark. */
export function PartiesLine({ parties }: { parties: LitigationParty[] }) {
  const byRole = new Map<string, LitigationParty[]>();
  for (const p of parties) byRole.set(p.role, [...(byRole.get(p.role) ?? []), p]);
  return (
    <span className="lit-parties">
      {[...byRole].map(([role, list], i) => (
        <span key={role}>
          {i > 0 && '；'}
          {role}：
          {list.map((p, j) => (
            <span key={`${p.name}-${j}`}>
              {j > 0 && '、'}
              {p.is_self ? <strong title="本企业">{p.name}（本企业）</strong> : p.name}
            </span>
          ))}
        </span>
      ))}
    </span>
  );
}
