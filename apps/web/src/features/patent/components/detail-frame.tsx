import type { ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton, Tabs, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { LegalStatusTag, PatentTypeTag } from '../../../components/patent-tags';
import { PortfolioActions } from '../../../components/portfolio-actions';
import { portfolioAccess, portfolioMarksQuery } from '../../../lib/portfolio';
import { useSessionUser } from '../../../lib/session-store';
import { patentQuery, patentRefOf, refSearch, type PatentDetail } from '../api';
import '../patent.css';

/** The seven detail tabs; each key is its route, so a tab can be opened, shared and reloaded by URL. */
export const DETAIL_TABS = [
  { key: '/detail', label: '摘要' },
  { key: '/power', label: '权利要求' },
  { key: '/instructions', label: '说明书' },
  { key: '/drawings', label: '附图' },
  { key: '/fullText', label: '全文' },
  { key: '/law', label: '法律信息' },
  { key: '/kindred', label: '同族信息' },
] as const;

function NotFound({ message }: { message?: string }) {
  return (
    <Card>
      <Result
        status="404"
        title="专利不存在"
        subTitle={message && message !== '专利不存在' ? message : '未找到该专利，请检查专利号或返回检索结果重新选择。'}
      />
    </Card>
  );
}

function Fact({ label, value }: { label: string; value?: string }) {
  if (!value) return null;
  return (
    <span className="patent-fact">
      <span className="patent-fact-label">{label}：</span>
      {value}
    </span>
  );
}

/** The header shared by every tab: number, title, status, type, dates, applicants; `extra` below (actions). */
export function PatentHeader({ patent, extra }: { patent: PatentDetail; extra?: ReactNode }) {
  return (
    <div className="patent-header">
      <Typography.Title level={4} className="patent-title">
        {patent.title || '（无名称）'}
      </Typography.Title>
      <div className="patent-header-tags">
        <PatentTypeTag type={patent.type} />
        <LegalStatusTag status={patent.legal_status} />
        {patent.pn && (
          <Typography.Text copyable={{ text: patent.pn, tooltips: ['复制公开号', '已复制'] }}>{patent.pn}</Typography.Text>
        )}
      </div>
      <div className="patent-facts">
        <Fact label="申请号" value={patent.an} />
        <Fact label="申请日" value={patent.ad} />
        <Fact label="公开日" value={patent.pd} />
        <Fact label="授权日" value={patent.gd} />
        <Fact label="申请人" value={patent.applicants.join('；')} />
      </div>
      {extra && <div className="patent-header-extra">{extra}</div>}
    </div>
  );
}

/**
 * The frame of the seven detail pages: one fetch (['patent', id]) shared by all tabs, one header, one tab bar.
 * Switching tabs replaces the history entry, so 返回 always goes back to the result list.
 */
export function PatentDetailFrame({ children }: { children: (patent: PatentDetail) => ReactNode }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const ref = patentRefOf(params);
  const patent = useQuery({ ...patentQuery(ref ?? { id: '' }), enabled: !!ref });
  const access = portfolioAccess(user);
  const patentId = Number(patent.data?.id) || 0;
  const marks = useQuery({ ...portfolioMarksQuery(patentId ? [patentId] : []), enabled: access === 'yes' && !!patentId });

  // Visitors see the public layout, which has no breadcrumb bar: the frame offers 返回 itself.
  const back = !user && (
    <div className="patent-back">
      <Button
        icon={<ArrowLeftOutlined aria-hidden />}
        onClick={() =>
          ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0 ? navigate(-1) : navigate('/web/search')
        }
      >
        返回
      </Button>
    </div>
  );

  if (!ref) {
    return (
      <>
        {back}
        <NotFound />
      </>
    );
  }
  if (patent.isPending) {
    return (
      <Card aria-busy="true" aria-label="专利加载中">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  if (patent.isError || !patent.data) {
    return (
      <>
        {back}
        <NotFound message={patent.error?.message} />
      </>
    );
  }
  const data = patent.data;
  const search = refSearch(ref);

  return (
    <div className="patent-detail">
      {back}
      <Card size="small" className="patent-header-card">
        <PatentHeader
          patent={data}
          extra={
            access !== 'no' && patentId ? (
              <PortfolioActions patentId={patentId} title={data.title} mark={marks.data?.[String(patentId)]} />
            ) : undefined
          }
        />
        <Tabs
          className="patent-tabs"
          activeKey={pathname}
          onChange={(key) => navigate({ pathname: key, search }, { replace: true })}
          items={DETAIL_TABS.map((t) => ({ key: t.key, label: t.label }))}
        />
      </Card>
      <div className="patent-body">{children(data)}</div>
    </div>
  );
}
