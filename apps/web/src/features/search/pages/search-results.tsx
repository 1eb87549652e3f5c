import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigationType, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Input, Pagination, Row, Select, Skeleton, Space, Spin, Tag, Typography } from 'antd';
import { BarChartOutlined } from '@ant-design/icons';
import { SEARCH_DEPTH_MAX } from '@ip/contract';
import { PortfolioActions } from '../../../components/portfolio-actions';
import { notify } from '../../../lib/notify';
import { portfolioAccess, portfolioMarksQuery } from '../../../lib/portfolio';
import { routeSetOf, useSessionUser } from '../../../lib/session-store';
import { FACET_KEYS, problemOf, searchQuery, type FacetKey, type SearchResult, type SortKey } from '../api';
import { AnalysisDrawer } from '../components/analysis-drawer';
import { ExportButton } from '../components/export-button';
import { ExpressionProblemAlert } from '../components/expression-problem';
import { FacetPanel } from '../components/facet-panel';
import { ResultList } from '../components/result-list';
import {
  FACET_LABELS,
  PAGE_SIZES,
  SORT_OPTIONS,
  cacheKey,
  hasQuery,
  parseSearchState,
  readCache,
  searchBodyOf,
  searchQueryOf,
  toSearchParams,
  writeCache,
  type SearchState,
} from '../search-state';
import '../search.css';

export type ResultsVariant = 'app' | 'public';

interface CachedResult {
  data: SearchResult;
  at: number;
}

const TIPS = ['检查检索词是否有错别字', '减少检索词，或用 OR 连接同义词', '去掉部分筛选条件', '使用高级检索按字段检索'];

function NoResults({ advancedPath }: { advancedPath: string | null }) {
  return (
    <Empty
      description={
        <div>
          <Typography.Text strong>未检索到相关专利</Typography.Text>
          <ul className="search-empty-tips">
            {TIPS.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
          {advancedPath && <Link to={advancedPath}>前往高级检索</Link>}
        </div>
      }
    />
  );
}

/**
 * The result list of /docking (variant 'app') and /web/search/list (variant 'public', no export).
 * Everything that defines the search lives in the URL; the page's results and scroll position are kept in session
 * storage so 返回 from a detail page lands on the same page at the same place.
 */
export function SearchResults({ variant }: { variant: ResultsVariant }) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const user = useSessionUser();
  const state = useMemo(() => parseSearchState(params), [params]);
  const body = useMemo(() => searchBodyOf(state), [state]);
  const query = useMemo(() => searchQueryOf(state), [state]);
  const url = `${location.pathname}${location.search}`;
  const cached = useMemo(() => readCache<CachedResult>(cacheKey('result', url)), [url]);
  const enabled = hasQuery(state);
  const [analysisOpen, setAnalysisOpen] = useState(false);

  const result = useQuery({
    ...searchQuery(body),
    enabled,
    placeholderData: keepPreviousData,
    initialData: cached?.data,
    initialDataUpdatedAt: cached?.at,
  });
  const data = result.data;

  const isPublic = variant === 'public' || !user;
  // 收藏 / 加入专利库 on each hit for company users (a trial user sees why not yet); marks say what is done already.
  const access = variant === 'app' ? portfolioAccess(user) : 'no';
  const hitIds = useMemo(() => (data?.list ?? []).map((h) => Number(h.id)), [data]);
  const marks = useQuery({ ...portfolioMarksQuery(hitIds), enabled: access === 'yes' && hitIds.length > 0 });
  const set = routeSetOf(user);
  const advancedBase = isPublic ? '/web/seniorSearch' : set === 'A' || set === 'B' ? '/AdvancedSearch' : null;

  // Keep the page's results for 返回 (only real answers, not the previous page shown while loading).
  useEffect(() => {
    if (result.isSuccess && !result.isPlaceholderData && data)
      writeCache(cacheKey('result', url), { data, at: result.dataUpdatedAt });
  }, [result.isSuccess, result.isPlaceholderData, data, url, result.dataUpdatedAt]);

  // Back (or forward) to a results URL: return to where the user was.
  const restoredFor = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (restoredFor.current === location.key || !data || result.isPlaceholderData) return;
    restoredFor.current = location.key;
    if (navigationType !== 'POP') return;
    const y = readCache<number>(cacheKey('scroll', url));
    if (typeof y === 'number' && y > 0) window.scrollTo(0, y);
  }, [location.key, data, result.isPlaceholderData, navigationType, url]);

  const rememberScroll = () => writeCache(cacheKey('scroll', url), window.scrollY);

  const update = (patch: Partial<SearchState>) => {
    setParams(toSearchParams({ ...state, ...patch }));
  };
  const pickFacet = (facet: FacetKey, value: string | undefined) => {
    const filters = { ...state.filters };
    if (value === undefined) delete filters[facet];
    else filters[facet] = value;
    update({ filters, page: 1 });
  };
  const handleKeyword = (v: string) => {
    const val = v.trim();
    if (!val) {
      notify.warning('请输入专利关键词');
      return;
    }
    setParams(toSearchParams({ ...state, val, expr: '', page: 1, filters: {} }));
  };

  const activeFilters = FACET_KEYS.filter((k) => state.filters[k]);
  const expression = data?.expression || state.expr;
  const editPath = advancedBase
    ? // The keyword box goes to the editor as the expression it was read as (OR binds tighter there than in the
      // expression language, so the raw words in the form's 关键词 field could mean something else).
      `${advancedBase}?${new URLSearchParams(
        state.expr ? { expr: state.expr } : state.val ? (data?.expression ? { expr: data.expression } : { val: state.val }) : {},
      ).toString()}`
    : null;

  const searchBox = variant === 'public' && (
    <Input.Search
      key={state.val}
      defaultValue={state.expr ? '' : state.val}
      size="large"
      placeholder="请输入专利关键词，如：锂电池 正极"
      aria-label="专利关键词"
      enterButton="检索"
      onSearch={handleKeyword}
      className="search-public-box"
    />
  );

  if (!enabled) {
    return (
      <Card>
        {searchBox}
        <Empty description="请输入检索词后检索" style={{ marginTop: 24 }}>
          {advancedBase && (
            <Link to={advancedBase}>
              <Button>高级检索</Button>
            </Link>
          )}
        </Empty>
      </Card>
    );
  }

  let content: React.ReactNode;
  if (result.isError) {
    const problem = problemOf(result.error);
    content = (
      <ExpressionProblemAlert
        // The keyword box's own text when the mistake is in it: the position counts in what the user typed.
        expression={state.expr || state.val}
        problem={problem}
        action={
          editPath ? (
            <Link to={editPath}>
              <Button size="small">修改检索式</Button>
            </Link>
          ) : undefined
        }
      />
    );
  } else if (!data) {
    content = (
      <div aria-busy="true" aria-label="正在检索">
        {[0, 1, 2].map((i) => (
          <Card key={i} size="small" style={{ marginBottom: 12 }}>
            <Skeleton active paragraph={{ rows: 3 }} />
          </Card>
        ))}
      </div>
    );
  } else if (data.total === 0 || data.list.length === 0) {
    content = <NoResults advancedPath={advancedBase} />;
  } else {
    content = (
      <Spin spinning={result.isFetching && result.isPlaceholderData} description="检索中…">
        <ResultList
          list={data.list}
          onOpen={rememberScroll}
          actions={
            access === 'no'
              ? undefined
              : (hit) => (
                  <PortfolioActions
                    patentId={Number(hit.id)}
                    title={hit.title.replace(/<\/?em>/g, '')}
                    mark={marks.data?.[String(hit.id)]}
                  />
                )
          }
        />
        <Pagination
          className="search-pagination"
          current={state.page}
          pageSize={state.pageSize}
          // The server pages at most SEARCH_DEPTH_MAX results deep; the exact total is shown above.
          total={Math.min(data.total, SEARCH_DEPTH_MAX)}
          showSizeChanger
          pageSizeOptions={PAGE_SIZES.map(String)}
          showTotal={() =>
            data.total > SEARCH_DEPTH_MAX
              ? `共 ${data.total.toLocaleString('zh-CN')} 条，可翻阅前 ${SEARCH_DEPTH_MAX.toLocaleString('zh-CN')} 条`
              : `共 ${data.total.toLocaleString('zh-CN')} 条`
          }
          onChange={(page, size) => {
            update({ page: size !== state.pageSize ? 1 : page, pageSize: size });
            window.scrollTo(0, 0);
          }}
        />
      </Spin>
    );
  }

  return (
    <div className="search-page">
      {searchBox}
      <Card size="small" className="search-summary">
        <div className="search-summary-row">
          <div className="search-summary-text">
            {data && !result.isError ? (
              <span role="status">
                共 <strong>{data.total.toLocaleString('zh-CN')}</strong> 条
                <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                  用时 {Math.round(data.took_ms)} ms
                </Typography.Text>
              </span>
            ) : (
              <span>{result.isError ? '检索式有误' : '检索中…'}</span>
            )}
          </div>
          <Space wrap>
            <Select<SortKey>
              aria-label="排序"
              value={state.sort}
              options={SORT_OPTIONS}
              onChange={(sort) => update({ sort, page: 1 })}
              style={{ width: 160 }}
            />
            <Button
              icon={<BarChartOutlined aria-hidden />}
              disabled={!data || data.total === 0}
              onClick={() => setAnalysisOpen(true)}
            >
              分析
            </Button>
            {!isPublic && <ExportButton query={query} total={data?.total ?? 0} disabled={!data || result.isError} />}
          </Space>
        </div>
        {expression && (
          <div className="search-expression">
            {/* The server's canonical form: for the keyword box it shows how the words were read (ADR 0034). */}
            <Typography.Text type="secondary">{state.expr ? '检索式：' : '按检索式：'}</Typography.Text>
            <code className="search-expr-code">{expression}</code>
            {editPath && (
              <Link to={editPath} className="search-expression-edit">
                修改
              </Link>
            )}
          </div>
        )}
        {activeFilters.length > 0 && (
          <div className="search-chips" aria-label="已选筛选条件">
            {activeFilters.map((k) => (
              <Tag
                key={k}
                closable
                color="blue"
                onClose={(e) => {
                  e.preventDefault();
                  pickFacet(k, undefined);
                }}
                closeIcon={<span aria-label={`移除筛选 ${FACET_LABELS[k]}`}>×</span>}
              >
                {FACET_LABELS[k]}：{state.filters[k]}
              </Tag>
            ))}
            <Button type="link" size="small" onClick={() => update({ filters: {}, page: 1 })}>
              清除筛选
            </Button>
          </div>
        )}
      </Card>
      <Row gutter={[16, 16]}>
        {data && data.total > 0 && !result.isError && (
          <Col xs={24} lg={6}>
            <FacetPanel facets={data.facets} filters={state.filters} onPick={pickFacet} />
          </Col>
        )}
        <Col xs={24} lg={data && data.total > 0 && !result.isError ? 18 : 24}>
          {content}
        </Col>
      </Row>
      <AnalysisDrawer
        open={analysisOpen}
        onClose={() => setAnalysisOpen(false)}
        query={query}
        facets={data?.facets ?? {}}
        total={data?.total ?? 0}
      />
    </div>
  );
}
