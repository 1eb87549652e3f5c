import type { ElementType } from 'react';
import { Tag } from 'antd';
import type { LitigationParty } from '@ip/contract';

// Maps: the values come from imported data, and a plain object would answer `constructor` with a function.
const STATUS_COLOR = new Map([
  ['审理中', 'processing'],
  ['已判决', 'success'],
  ['已调解', 'cyan'],
  ['已撤诉', 'default'],
]);
const LEVEL_COLOR = new Map([
  ['一审', 'blue'],
  ['二审', 'purple'],
  ['再审', 'magenta'],
]);

/** 审理中 blue (processing), 已判决 green, 已调解 cyan, 已撤诉 grey. */
export function CaseStatusTag({ status }: { status?: string | null }) {
  if (!status) return null;
  return (
    <Tag color={STATUS_COLOR.get(status) ?? 'default'} aria-label={`案件状态：${status}`}>
      {status}
    </Tag>
  );
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
