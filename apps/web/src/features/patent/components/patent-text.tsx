import { Empty, Tag, Typography } from 'antd';
import type { Claim } from '../api';

/** Section headings of a Chinese description (专利法实施细则 第十七条). */
const HEADINGS =
  /^(技术领域|背景技术|发明内容|实用新型内容|附图说明|具体实施方式|发明目的|技术方案|有益效果|Technical Field|Background|Summary|Brief Description of (the )?Drawings|Detailed Description)[:：]?$/i;

/** The claims, numbered, independent ones marked and highlighted. */
export function ClaimsList({ claims }: { claims: Claim[] }) {
  if (!claims.length) return <Empty description="暂无权利要求" />;
  return (
    <ol className="patent-claims" aria-label="权利要求" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {claims.map((c) => (
        <li
          key={c.num}
          className={c.independent ? 'patent-claim is-independent' : 'patent-claim'}
          aria-label={`权利要求 ${c.num}${c.independent ? '（独立权利要求）' : ''}`}
        >
          <span className="patent-claim-num">{c.num}.</span>
          {c.independent && <Tag color="blue">独立权利要求</Tag>}
          {c.text}
        </li>
      ))}
    </ol>
  );
}

/** Paragraphs of a text; lines that are section headings become headings, others are numbered paragraphs. */
export function DescriptionText({ text, numbered = true }: { text: string; numbered?: boolean }) {
  const lines = text
    .split(/\r?\n+/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (!lines.length) return <Empty description="暂无说明书" />;
  const blocks: { heading: boolean; text: string; num: number }[] = [];
  let count = 0;
  for (const line of lines) {
    const heading = HEADINGS.test(line);
    const num = heading ? 0 : ++count;
    blocks.push({ heading, text: heading ? line.replace(/[:：]$/, '') : line, num });
  }
  return (
    <div className="patent-text">
      {blocks.map((b, i) =>
        b.heading ? (
          <h3 key={i}>{b.text}</h3>
        ) : (
          <p key={i}>
            {numbered && <span className="patent-para-num">[{String(b.num).padStart(4, '0')}]</span>}
            {b.text}
          </p>
        ),
      )}
    </div>
  );
}

export function SectionTitle({ children }: { children: React.ReactNode }) {
  return (
    <Typography.Title level={5} style={{ marginTop: 0 }}>
      {children}
    </Typography.Title>
  );
}
