import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Image,
  Input,
  List,
  Popconfirm,
  Result,
  Skeleton,
  Switch,
  Tabs,
  TreeSelect,
  Typography,
} from 'antd';
import { NOTE_MAX } from '@ip/contract';
import { PortfolioActions } from '../../../components/portfolio-actions';
import { PatentCertificates } from '../../certificates/components/patent-certificates';
import { notify } from '../../../lib/notify';
import {
  categoryOptions,
  categoryTreeQuery,
  createNote,
  deleteNote,
  invalidatePortfolio,
  movePatents,
  portfolioInfoQuery,
  restorePatents,
  setCollected,
  setCore,
  type PortfolioInfo,
} from '../../../lib/portfolio';
import { patentQuery, patentRefOf, type PatentDetail } from '../api';
import { PatentHeader } from '../components/detail-frame';
import { ClaimsList, DescriptionText } from '../components/patent-text';
import { BibliographyAndAbstract } from './detail-page';
import { FamilyAndCitations } from './kindred-page';
import { Events } from './law-page';
import '../patent.css';

const SOURCE_LABEL: Record<string, string> = { auto: '按申请人自动关联', manual: '手动加入', collect: '仅收藏（非本企业专利）' };

/** What a tab of /patentDetails gets: the patent, and the company's side of it (undefined while loading). */
export interface PatentDetailsContext {
  patent: PatentDetail;
  info: PortfolioInfo | undefined;
}

/** One tab of /patentDetails. */
export interface PatentDetailsTab {
  key: string;
  label: string;
  render: (ctx: PatentDetailsContext) => ReactNode;
}

/** 研判: the company's assessment notes on the patent, newest first; its author or the main account may delete one. */
function NotesSection({ patentId, info }: { patentId: number; info: PortfolioInfo | undefined }) {
  const client = useQueryClient();
  const [content, setContent] = useState('');
  const add = useMutation({
    mutationFn: () => createNote(patentId, content),
    onSuccess: async () => {
      setContent('');
      notify.success('研判已保存');
      await invalidatePortfolio(client);
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteNote(id),
    onSuccess: async () => {
      notify.success('研判已删除');
      await invalidatePortfolio(client);
    },
  });
  if (!info) return <Skeleton active />;
  const writable = !!info.entry && !info.entry.removed;
  return (
    <Card size="small" title={`研判记录（${info.notes.length}）`}>
      {writable ? (
        <Form layout="vertical" onFinish={() => add.mutate()}>
          <Form.Item label="新增研判" htmlFor="note-content" style={{ marginBottom: 8 }}>
            <Input.TextArea
              id="note-content"
              value={content}
              onChange={(e) => setContent(e.target.value)}
              autoSize={{ minRows: 3, maxRows: 8 }}
              maxLength={NOTE_MAX}
              showCount
              placeholder="例如：权利要求保护范围、稳定性、与产品的关系、维持或放弃的建议"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending} disabled={!content.trim()}>
            保存研判
          </Button>
        </Form>
      ) : (
        <Typography.Paragraph type="secondary">加入专利库（或收藏）后可以记录研判。</Typography.Paragraph>
      )}
      <List
        style={{ marginTop: 16 }}
        locale={{ emptyText: '暂无研判记录' }}
        dataSource={info.notes}
        renderItem={(n) => (
          <List.Item
            actions={
              n.deletable
                ? [
                    <Popconfirm
                      key="del"
                      title="删除这条研判？"
                      okText="删除"
                      cancelText="取消"
                      onConfirm={() => remove.mutate(n.id)}
                    >
                      <Button type="link" danger size="small" aria-label={`删除 ${n.author} 的研判`}>
                        删除
                      </Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <span>
                  {n.author || '（未署名）'}
                  <Typography.Text type="secondary" style={{ marginLeft: 8, fontWeight: 'normal' }}>
                    {n.created_at.slice(0, 16).replace('T', ' ')}
                  </Typography.Text>
                </span>
              }
              description={<span style={{ whiteSpace: 'pre-wrap', color: 'inherit' }}>{n.content}</span>}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

/** The tabs of /patentDetails. Another part of the product adds its own tab here in one line (as 证书 did). */
export const PATENT_DETAILS_TABS: PatentDetailsTab[] = [
  { key: 'abstract', label: '著录项目与摘要', render: ({ patent }) => <BibliographyAndAbstract p={patent} /> },
  {
    key: 'claims',
    label: '权利要求',
    render: ({ patent }) => (
      <Card size="small" title="权利要求书">
        <ClaimsList claims={patent.claims} />
      </Card>
    ),
  },
  {
    key: 'description',
    label: '说明书',
    render: ({ patent }) => (
      <Card size="small" title="说明书">
        <DescriptionText text={patent.description} />
      </Card>
    ),
  },
  {
    key: 'drawings',
    label: '附图',
    render: ({ patent }) => (
      <Card size="small" title="附图">
        {patent.drawings.length === 0 ? (
          <Empty description="暂无附图" />
        ) : (
          <Image.PreviewGroup>
            <div className="patent-drawings">
              {patent.drawings.map((src, i) => (
                <Image key={src} src={src} alt={`附图 ${i + 1}`} />
              ))}
            </div>
          </Image.PreviewGroup>
        )}
      </Card>
    ),
  },
  {
    key: 'law',
    label: '法律状态',
    render: ({ patent }) => (
      <Card size="small" title={`法律状态：${patent.legal_status || '未知'}`}>
        {patent.legal_events.length === 0 ? <Empty description="暂无法律事件" /> : <Events events={patent.legal_events} />}
      </Card>
    ),
  },
  { key: 'family', label: '同族与引证', render: ({ patent }) => <FamilyAndCitations p={patent} /> },
  { key: 'notes', label: '研判', render: ({ patent, info }) => <NotesSection patentId={Number(patent.id)} info={info} /> },
  { key: 'certificates', label: '证书', render: ({ patent }) => <PatentCertificates patentId={Number(patent.id)} /> },
];

/** The company's side of the patent: category, core, collected, how it came in; or how to add it. */
function PortfolioPanel({ patent, info }: PatentDetailsContext) {
  const client = useQueryClient();
  const tree = useQuery(categoryTreeQuery());
  const id = Number(patent.id);
  const change = useMutation({
    mutationFn: (fn: () => Promise<unknown>) => fn(),
    onSuccess: async () => {
      notify.success('已保存');
      await invalidatePortfolio(client);
    },
  });
  if (!info) return <Skeleton active paragraph={{ rows: 2 }} />;
  const entry = info.entry;
  if (!entry || entry.source === 'collect') {
    return (
      <Alert
        type="info"
        showIcon
        message={entry ? '已收藏：该专利不是本企业的专利' : '该专利不在本企业专利库中'}
        description={
          <PortfolioActions
            patentId={id}
            title={patent.title}
            size="middle"
            mark={{ owned: false, collected: !!entry?.is_collected, removed: false }}
          />
        }
      />
    );
  }
  if (entry.removed) {
    return (
      <Alert
        type="warning"
        showIcon
        message="该专利已移出本企业专利库"
        action={
          <Button size="small" loading={change.isPending} onClick={() => change.mutate(() => restorePatents([id]))}>
            恢复到专利库
          </Button>
        }
      />
    );
  }
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 1, md: 2, lg: 4, xl: 4, xxl: 4 }}
      items={[
        {
          key: 'cat',
          label: '分类',
          children: (
            <TreeSelect
              aria-label="专利分类"
              style={{ minWidth: 180 }}
              treeDefaultExpandAll
              value={entry.category_id}
              treeData={categoryOptions(tree.data?.tree ?? [], true)}
              onChange={(v: number) => change.mutate(() => movePatents([id], v ?? 0))}
            />
          ),
        },
        {
          key: 'core',
          label: '核心专利',
          children: (
            <Switch
              aria-label="核心专利"
              checked={!!entry.is_core}
              checkedChildren="是"
              unCheckedChildren="否"
              onChange={(on) => change.mutate(() => setCore([id], on ? 1 : 0))}
            />
          ),
        },
        {
          key: 'collected',
          label: '收藏',
          children: (
            <Switch
              aria-label="收藏"
              checked={!!entry.is_collected}
              checkedChildren="是"
              unCheckedChildren="否"
              onChange={(on) => change.mutate(() => setCollected([id], on ? 1 : 0))}
            />
          ),
        },
        {
          key: 'source',
          label: '来源',
          children: `${SOURCE_LABEL[entry.source] ?? entry.source}（${entry.added_at.slice(0, 10)}）`,
        },
      ]}
    />
  );
}

/** /patentDetails?id=<patent id>: the company's view of a patent: the detail sections plus category, core, 研判. */
export default function PatentDetailsPage() {
  const [params] = useSearchParams();
  const ref = patentRefOf(params);
  const patent = useQuery({ ...patentQuery(ref ?? { id: '' }), enabled: !!ref });
  const id = Number(patent.data?.id) || 0;
  const info = useQuery({ ...portfolioInfoQuery(id), enabled: id > 0 });
  const [tab, setTab] = useState<string>(PATENT_DETAILS_TABS[0].key);

  if (!ref || patent.isError || (!patent.isPending && !patent.data)) {
    return (
      <Card>
        <Result
          status="404"
          title="专利不存在"
          subTitle="未找到该专利，请从专利管理列表重新选择。"
          extra={<Link to="/patent">返回专利管理</Link>}
        />
      </Card>
    );
  }
  if (patent.isPending || !patent.data) {
    return (
      <Card aria-busy="true" aria-label="专利加载中">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  const ctx: PatentDetailsContext = { patent: patent.data, info: info.data };
  return (
    <div className="patent-detail">
      <Card size="small" className="patent-header-card">
        <PatentHeader patent={patent.data} />
        <section aria-label="本企业专利信息" style={{ marginTop: 12 }}>
          {info.isError ? <Alert type="error" showIcon message={info.error.message} /> : <PortfolioPanel {...ctx} />}
        </section>
      </Card>
      <Card size="small" style={{ marginTop: 16 }}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={PATENT_DETAILS_TABS.map((t) => ({
            key: t.key,
            label: t.key === 'notes' && info.data ? `${t.label}（${info.data.notes.length}）` : t.label,
            children: t.render(ctx),
          }))}
        />
      </Card>
    </div>
  );
}
