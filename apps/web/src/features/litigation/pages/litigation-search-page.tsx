import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Input, Pagination, Select, Skeleton, Space, Typography } from 'antd';
import {
  LITIGATION_SEARCH_FIELDS,
  LITIGATION_SEARCH_FIELD_LABELS,
  LITIGATION_SORTS,
  LITIGATION_STATUSES,
  type LitigationSearchBody,
  type LitigationSearchField,
  type LitigationSearchHit,
  type LitigationSort,
  type LitigationStatus,
} from '@ip/contract';
import { litigationSearchQuery, SORT_LABELS } from '../api';
import { CaseStatusTag, HighlightHtml, OwnTag, TrialLevelTag } from '../components/case-bits';
import { FollowButton } from '../components/follow-button';
import '../litigation.css';

const PAGE_SIZES = [10, 20, 50];
const PLACEHOLDERS: Record<LitigationSearchField, string> = {
  all: '输入当事人、案号、专利号或裁判文书中的文字',
  party: '输入当事人名称，如 示例科技',
  case_no: '输入案号，如（2023）浙01民初1234号',
  patent: '输入申请号或公开号，如 CN202310605823.6',
  text: '输入裁判文书中的文字',
};

function oneOf<T extends string>(value: string | null, values: readonly T[]): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

function Hit({ hit, canFollow }: { hit: LitigationSearchHit; canFollow: boolean }) {
  return (
    <li>
      <Card size="small" className="lit-hit">
        <div className="lit-hit-head">
          <Link to={`/litigation/details?id=${hit.id}`} className="lit-hit-title">
            <HighlightHtml html={hit.case_no_html} />
          </Link>
          <Space size={4} wrap>
            <TrialLevelTag level={hit.trial_level} />
            <CaseStatusTag status={hit.status} />
            {hit.own && <OwnTag roles={hit.own_roles} />}
            {canFollow && <FollowButton id={hit.id} caseNo={hit.case_no} followed={hit.followed} />}
          </Space>
        </div>
        <div className="lit-hit-meta">
          <span>
            <span className="lit-hit-meta-label">案由：</span>
            {hit.cause}
          </span>
          <span>
            <span className="lit-hit-meta-label">法院：</span>
            {hit.court}
          </span>
          <span>
            <span className="lit-hit-meta-label">立案日期：</span>
            {hit.filing_date}
          </span>
          {hit.judgment_date && (
            <span>
              <span className="lit-hit-meta-label">裁判日期：</span>
              {hit.judgment_date}
            </span>
          )}
        </div>
        <div className="lit-hit-meta">
          <span>
            <span className="lit-hit-meta-label">当事人：</span>
            <HighlightHtml html={hit.parties_html} />
          </span>
        </div>
        {hit.patents.length > 0 && (
          <div className="lit-hit-meta">
            <span>
              <span className="lit-hit-meta-label">涉案专利：</span>
              {hit.patents.map((n) =>
                hit.matched_patents.includes(n) ? (
                  <em key={n} className="lit-matched-patent">
                    {n}{' '}
                  </em>
                ) : (
                  <span key={n}>{n} </span>
                ),
              )}
            </span>
          </div>
        )}
        {hit.snippet_html && <HighlightHtml as="p" className="lit-snippet" html={hit.snippet_html} />}
      </Card>
    </li>
  );
}

/**
 * /litigation/docking 诉讼检索: a keyword in one field (当事人, 案号, 涉案专利号, 裁判文书全文, or all of them), matched
 * exactly as written; results paged on the server with the exact total, the matched text marked. The query lives in
 * the URL (q, field, status, sort, page), so a search can be shared and reloaded.
 */
export default function LitigationSearchPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const field = oneOf(params.get('field'), LITIGATION_SEARCH_FIELDS) ?? 'all';
  const status = oneOf(params.get('status'), LITIGATION_STATUSES);
  const sort = oneOf(params.get('sort'), LITIGATION_SORTS) ?? 'filing_desc';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = PAGE_SIZES.includes(Number(params.get('page_size'))) ? Number(params.get('page_size')) : 10;
  const [draft, setDraft] = useState(q);
  const [draftField, setDraftField] = useState<LitigationSearchField>(field);

  const body = useMemo<LitigationSearchBody>(
    () => ({ keyword: q, field, sort, page, page_size: pageSize, ...(status ? { status } : {}) }),
    [q, field, sort, page, pageSize, status],
  );
  const result = useQuery({ ...litigationSearchQuery(body), enabled: q !== '' });

  const update = (patch: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    setParams(next);
  };
  const handleSearch = (value: string) => {
    const keyword = value.trim();
    setDraft(keyword);
    update({ q: keyword, field: draftField === 'all' ? undefined : draftField, page: undefined });
  };

  const data = result.data;
  let content;
  if (!q) {
    content = (
      <Empty
        description={
          <span>
            输入当事人、案号、涉案专利号或裁判文书中的文字检索诉讼案件。
            <br />
            检索词按原样精确匹配，专利号可写作 CN202310605823.6、202310605823 或公开号。
          </span>
        }
      />
    );
  } else if (result.isError) {
    content = (
      <Alert
        type="error"
        showIcon
        title="检索失败"
        description={result.error instanceof Error ? result.error.message : '请稍后重试'}
        action={
          <Button size="small" onClick={() => result.refetch()}>
            重试
          </Button>
        }
      />
    );
  } else if (!data) {
    content = <Skeleton active paragraph={{ rows: 6 }} aria-label="正在检索" />;
  } else if (data.total === 0) {
    content = <Empty description={`未找到包含“${q}”的案件`} />;
  } else {
    content = (
      <>
        <ul className="lit-hit-list" aria-label="诉讼检索结果" aria-busy={result.isFetching}>
          {data.list.map((hit) => (
            <Hit key={hit.id} hit={hit} canFollow={data.can_follow} />
          ))}
        </ul>
        <Pagination
          current={page}
          pageSize={pageSize}
          total={data.total}
          showSizeChanger
          pageSizeOptions={PAGE_SIZES}
          showTotal={(t) => `共 ${t} 条`}
          onChange={(p, s) => update({ page: p === 1 ? undefined : p, page_size: s === 10 ? undefined : s })}
          style={{ textAlign: 'center' }}
        />
      </>
    );
  }

  return (
    <div className="lit-page">
      <Card title="诉讼检索" extra={<Link to="/litigation">我的诉讼</Link>}>
        <form
          role="search"
          aria-label="诉讼检索"
          className="lit-toolbar"
          onSubmit={(e) => {
            e.preventDefault();
            handleSearch(draft);
          }}
        >
          <Select<LitigationSearchField>
            aria-label="检索字段"
            value={draftField}
            style={{ width: 150 }}
            options={LITIGATION_SEARCH_FIELDS.map((f) => ({ value: f, label: LITIGATION_SEARCH_FIELD_LABELS[f] }))}
            onChange={setDraftField}
          />
          <Input.Search
            aria-label="检索词"
            placeholder={PLACEHOLDERS[draftField]}
            value={draft}
            maxLength={200}
            allowClear
            enterButton="检索"
            style={{ flex: '1 1 280px', maxWidth: 560 }}
            onChange={(e) => setDraft(e.target.value)}
            onSearch={handleSearch}
          />
        </form>
        {q && (
          <div className="lit-toolbar" style={{ marginTop: 12 }}>
            <Typography.Text role="status">
              {data ? `共找到 ${data.total.toLocaleString('zh-CN')} 件案件` : '正在检索…'}
            </Typography.Text>
            <Select<LitigationStatus | ''>
              aria-label="案件状态"
              value={status ?? ''}
              options={[{ value: '', label: '全部状态' }, ...LITIGATION_STATUSES.map((s) => ({ value: s, label: s }))]}
              onChange={(v) => update({ status: v, page: undefined })}
            />
            <Select<LitigationSort>
              aria-label="排序"
              value={sort}
              style={{ width: 170 }}
              options={LITIGATION_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
              onChange={(v) => update({ sort: v === 'filing_desc' ? undefined : v, page: undefined })}
            />
          </div>
        )}
      </Card>
      {content}
    </div>
  );
}
