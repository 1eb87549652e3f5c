import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Result, Skeleton, Space, Table, Tooltip, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { LitigationDocument, LitigationParty, LitigationPatentRef } from '@ip/contract';
import { ApiError } from '../../../api/http';
import { downloadJudgment, litigationDetailQuery } from '../api';
import { CaseStatusTag, OwnTag, TrialLevelTag } from '../components/case-bits';
import { FollowButton } from '../components/follow-button';
import '../litigation.css';

function DownloadButton({
  id,
  document,
  label,
  disabled,
  reason,
}: {
  id: number;
  document?: number;
  label: string;
  disabled?: boolean;
  reason?: string;
}) {
  const [busy, setBusy] = useState(false);
  const button = (
    <Button
      icon={<DownloadOutlined />}
      size={document === undefined ? 'middle' : 'small'}
      type={document === undefined ? 'primary' : 'link'}
      loading={busy}
      disabled={disabled}
      onClick={() => {
        setBusy(true);
        downloadJudgment(id, document)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {label}
    </Button>
  );
  return disabled && reason ? (
    <Tooltip title={reason}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

/** /litigation/details?id= : one case — header, parties, patents involved (linked to /detail), judgment, documents. */
export default function LitigationDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({ ...litigationDetailQuery(id), enabled: valid });

  if (!valid || (detail.error instanceof ApiError && detail.error.status === 404)) {
    return (
      <Card>
        <Result
          status="404"
          title="案件不存在"
          subTitle="未找到该案件，请从诉讼管理或诉讼检索重新选择。"
          extra={<Link to="/litigation/docking">去诉讼检索</Link>}
        />
      </Card>
    );
  }
  if (detail.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="加载失败"
        description={detail.error instanceof Error ? detail.error.message : '请稍后重试'}
        action={
          <Button size="small" onClick={() => detail.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  const c = detail.data;
  if (!c) {
    return (
      <Card aria-busy="true">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }

  const downloadReason = c.can_download
    ? undefined
    : c.judgment_text || c.documents.some((d) => d.has_text)
      ? '试用账号不能下载裁判文书，请先到个人中心完成企业认证'
      : c.status === '审理中'
        ? '案件审理中，尚无裁判文书'
        : '该案件没有裁判文书全文';

  const partyColumns = [
    { title: '诉讼地位', dataIndex: 'role', width: 120 },
    {
      title: '名称',
      dataIndex: 'name',
      render: (v: string, p: LitigationParty) => (
        <span>
          {v} {p.is_self && <OwnTag />}
        </span>
      ),
    },
  ];
  const patentColumns = [
    {
      title: '专利号',
      dataIndex: 'number',
      width: 190,
      render: (v: string, p: LitigationPatentRef) => (p.patent_id ? <Link to={`/detail?id=${p.patent_id}`}>{v}</Link> : v),
    },
    {
      title: '名称',
      dataIndex: 'title',
      render: (v: string | null, p: LitigationPatentRef) =>
        v ? <Link to={`/detail?id=${p.patent_id}`}>{v}</Link> : <span className="lit-muted">本库未收录该专利</span>,
    },
    { title: '类型', dataIndex: 'type', width: 100, render: (v: string | null) => v ?? '—' },
    { title: '法律状态', dataIndex: 'legal_status', width: 100, render: (v: string | null) => v ?? '—' },
  ];
  const documentColumns = [
    { title: '文书', dataIndex: 'title' },
    { title: '类型', dataIndex: 'kind', width: 100 },
    { title: '日期', dataIndex: 'date', width: 120, render: (v: string | null) => v ?? '—' },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_v: unknown, d: LitigationDocument & { index: number }) =>
        d.has_text ? (
          <DownloadButton id={c.id} document={d.index} label="下载" disabled={!c.can_download} reason={downloadReason} />
        ) : (
          <span className="lit-muted">—</span>
        ),
    },
  ];

  return (
    <div className="lit-page">
      <Card>
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Title level={4} style={{ margin: 0, wordBreak: 'break-word' }}>
            {c.case_no}
          </Typography.Title>
          <Space size={4} wrap>
            <TrialLevelTag level={c.trial_level} />
            <CaseStatusTag status={c.status} />
            {c.own && <OwnTag roles={c.own_roles} />}
          </Space>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 3 }}
            bordered
            styles={{ label: { color: 'rgba(0, 0, 0, 0.7)' } }}
          >
            <Descriptions.Item label="法院">{c.court}</Descriptions.Item>
            <Descriptions.Item label="案由">{c.cause}</Descriptions.Item>
            <Descriptions.Item label="审级">{c.trial_level}</Descriptions.Item>
            <Descriptions.Item label="案件状态">{c.status}</Descriptions.Item>
            <Descriptions.Item label="立案日期">{c.filing_date}</Descriptions.Item>
            <Descriptions.Item label="裁判日期">{c.judgment_date ?? '—'}</Descriptions.Item>
          </Descriptions>
          <div className="lit-detail-actions">
            {c.can_follow && <FollowButton id={c.id} caseNo={c.case_no} followed={c.followed} type="default" size="middle" />}
            <DownloadButton
              id={c.id}
              label="下载裁判文书"
              disabled={!c.can_download || !c.judgment_text}
              reason={downloadReason}
            />
            <Link to="/litigation">返回诉讼管理</Link>
          </div>
        </Space>
      </Card>

      <Card title="当事人" size="small">
        <Table<LitigationParty>
          rowKey={(p) => `${p.role}-${p.name}`}
          size="small"
          pagination={false}
          columns={partyColumns}
          dataSource={c.parties}
        />
      </Card>

      <Card title="涉案专利" size="small">
        {c.patents.length ? (
          <Table<LitigationPatentRef>
            rowKey="number"
            size="small"
            pagination={false}
            columns={patentColumns}
            dataSource={c.patents}
            scroll={{ x: 560 }}
          />
        ) : (
          <Empty description="该案件未列明涉案专利" image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Card>

      {c.summary && (
        <Card title="案情摘要" size="small">
          <Typography.Paragraph style={{ marginBottom: 0, lineHeight: 1.8 }}>{c.summary}</Typography.Paragraph>
        </Card>
      )}

      <Card title="裁判文书" size="small">
        {c.judgment_text ? (
          <article className="lit-judgment" aria-label="裁判文书全文">
            {c.judgment_text.split('\n').map((line, i) => (line.trim() ? <p key={i}>{line}</p> : null))}
          </article>
        ) : (
          <Empty
            description={c.status === '审理中' ? '案件审理中，尚无裁判文书' : '暂无裁判文书全文'}
            image={Empty.PRESENTED_IMAGE_SIMPLE}
          />
        )}
      </Card>

      {c.documents.length > 0 && (
        <Card title="诉讼文书" size="small">
          <Table<LitigationDocument & { index: number }>
            rowKey="index"
            size="small"
            pagination={false}
            columns={documentColumns}
            dataSource={c.documents.map((d, index) => ({ ...d, index }))}
            scroll={{ x: 480 }}
          />
        </Card>
      )}
    </div>
  );
}
