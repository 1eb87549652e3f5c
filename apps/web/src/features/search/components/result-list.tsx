import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, Typography } from 'antd';
import { LegalStatusTag, PatentTypeTag } from '../../../components/patent-tags';
import type { SearchHit } from '../api';
import { HighlightHtml } from './highlight-html';

function Meta({ label, value }: { label: string; value?: string | null }) {
  if (!value) return null;
  return (
    <span className="search-hit-meta-item">
      <span className="search-hit-meta-label">{label}：</span>
      {value}
    </span>
  );
}

/** One result: highlighted title linking to the detail page, number, tags, dates, applicants, snippet. */
function ResultCard({ hit, onOpen, actions }: { hit: SearchHit; onOpen?: () => void; actions?: ReactNode }) {
  const number = hit.pn || hit.an;
  return (
    <Card size="small" className="search-hit" role="listitem">
      <div className="search-hit-head">
        <Link to={`/detail?id=${encodeURIComponent(String(hit.id))}`} className="search-hit-title" onClick={onOpen}>
          <HighlightHtml html={hit.title || '（无名称）'} />
        </Link>
        <span className="search-hit-tags">
          <PatentTypeTag type={hit.type} />
          <LegalStatusTag status={hit.legal_status} />
        </span>
      </div>
      {actions && <div className="search-hit-actions">{actions}</div>}
      <div className="search-hit-meta">
        <Meta label="公开号" value={number} />
        <Meta label="申请号" value={hit.pn ? hit.an : undefined} />
        <Meta label="申请日" value={hit.ad} />
        <Meta label="公开日" value={hit.pd} />
        <Meta label="授权日" value={hit.gd} />
        <Meta label="主分类号" value={hit.ipc_main} />
      </div>
      {hit.applicants?.length > 0 && (
        <div className="search-hit-meta">
          <Meta label="申请人" value={hit.applicants.join('；')} />
        </div>
      )}
      {hit.abstract && (
        <Typography.Paragraph type="secondary" className="search-hit-abstract" style={{ marginBottom: 0 }}>
          <HighlightHtml html={hit.abstract} />
        </Typography.Paragraph>
      )}
    </Card>
  );
}

/**
 * The result cards of one page; `onOpen` runs before a detail page opens (to remember the scroll position);
 * `actions` renders a hit's actions (收藏, 加入专利库 for company users).
 */
export function ResultList({
  list,
  onOpen,
  actions,
}: {
  list: SearchHit[];
  onOpen?: () => void;
  actions?: (hit: SearchHit) => ReactNode;
}) {
  return (
    <div role="list" aria-label="检索结果" className="search-hit-list">
      {list.map((hit) => (
        <ResultCard key={hit.id} hit={hit} onOpen={onOpen} actions={actions?.(hit)} />
      ))}
    </div>
  );
}
