import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Select, Space, Table, Typography, type TableProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { GRADES, type Grade, type RankingRow } from '@ip/contract';
import { useUrlList } from '../../../components/use-url-list';
import { notify } from '../../../lib/notify';
import { labelListQuery, serviceStreetsQuery } from '../../enterprise-service/api';
import { downloadRanking, rankingQuery } from '../api';
import { GradeTag, ScoreBreakdown } from '../components/score-breakdown';
import { enterpriseLink } from '../../enterprise-directory/enterprise-link';

function positiveId(v: string | null): number | undefined {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export { enterpriseLink };

/** /workCompany (企业排名, ADR 0043): the enterprises in scope by score, with how each score was made. */
export default function RankingPage() {
  const { params, page, pageSize, update, pagination } = useUrlList();
  const keyword = params.get('keyword') ?? '';
  const streetId = positiveId(params.get('street_id'));
  const labelId = positiveId(params.get('label_id'));
  const industry = params.get('industry') ?? '';
  const gradeParam = params.get('grade');
  const grade = GRADES.includes(gradeParam as Grade) ? (gradeParam as Grade) : undefined;
  const filters = useMemo(
    () => ({
      ...(keyword ? { keyword } : {}),
      ...(streetId ? { street_id: streetId } : {}),
      ...(labelId ? { label_id: labelId } : {}),
      ...(industry ? { industry } : {}),
      ...(grade ? { grade } : {}),
    }),
    [keyword, streetId, labelId, industry, grade],
  );
  const list = useQuery(rankingQuery({ page, page_size: pageSize, ...filters }));
  const streets = useQuery(serviceStreetsQuery());
  const labels = useQuery(labelListQuery('company'));
  const [exporting, setExporting] = useState(false);
  const [search, setSearch] = useState(keyword);

  const doExport = async () => {
    setExporting(true);
    try {
      await downloadRanking(filters);
      notify.success('企业排名已导出');
    } catch {
      // the http layer has shown the message
    } finally {
      setExporting(false);
    }
  };

  const columns: TableProps<RankingRow>['columns'] = [
    { title: '排名', dataIndex: 'rank', width: 70, align: 'right' },
    {
      title: '企业名称',
      dataIndex: 'company_name',
      render: (name: string, r) => <Link to={enterpriseLink(r.id, name)}>{name}</Link>,
    },
    { title: '街道', dataIndex: 'street_name', width: 120, render: (v: string) => v || '—' },
    { title: '行业', dataIndex: 'industry', width: 120, render: (v: string) => v || '—' },
    { title: '得分', dataIndex: 'score', width: 90, align: 'right' },
    { title: '等级', dataIndex: 'grade', width: 80, render: (g: Grade) => <GradeTag grade={g} /> },
  ];
  const filtered = Object.keys(filters).length > 0;

  return (
    <Card
      title="企业排名"
      extra={
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void doExport()}>
          导出 Excel
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        得分 = 各计分项数量 × 权重之和（近一年新增诉讼扣分）；展开一行查看得分构成。权重和分级分数线在「企业分级」中设置。
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label="企业名称关键词"
          placeholder="企业名称"
          allowClear
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(v) => update({ keyword: v.trim(), page: undefined })}
          style={{ width: 220 }}
        />
        <Select
          aria-label="街道"
          placeholder="全部街道"
          allowClear
          style={{ width: 150 }}
          value={streetId}
          onChange={(v?: number) => update({ street_id: v, page: undefined })}
          options={(streets.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        />
        <Select
          aria-label="行业"
          placeholder="全部行业"
          allowClear
          style={{ width: 150 }}
          value={industry || undefined}
          onChange={(v?: string) => update({ industry: v, page: undefined })}
          options={(list.data?.industries ?? []).map((i) => ({ value: i, label: i }))}
        />
        <Select
          aria-label="企业标签"
          placeholder="全部标签"
          allowClear
          style={{ width: 150 }}
          value={labelId}
          onChange={(v?: number) => update({ label_id: v, page: undefined })}
          options={(labels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
        />
        <Select
          aria-label="等级"
          placeholder="全部等级"
          allowClear
          style={{ width: 120 }}
          value={grade}
          onChange={(v?: Grade) => update({ grade: v, page: undefined })}
          options={GRADES.map((g) => ({ value: g, label: `${g} 级` }))}
        />
        {filtered && (
          <Button
            onClick={() => {
              setSearch('');
              update({
                keyword: undefined,
                street_id: undefined,
                label_id: undefined,
                industry: undefined,
                grade: undefined,
                page: undefined,
              });
            }}
          >
            清除筛选
          </Button>
        )}
      </Space>
      {list.isError && <Alert type="error" showIcon title="企业排名加载失败" style={{ marginBottom: 16 }} />}
      <Table<RankingRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={pagination(list.data?.total, '家')}
        scroll={{ x: 640 }}
        locale={{ emptyText: filtered ? '没有符合条件的企业' : '服务范围内暂无企业' }}
        expandable={{
          expandedRowRender: (r) => (list.data ? <ScoreBreakdown row={r} weights={list.data.weights} /> : null),
        }}
      />
    </Card>
  );
}
