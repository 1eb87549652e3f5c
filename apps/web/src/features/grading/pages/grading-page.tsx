import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Input, Row, Select, Space, Statistic, Table, Tabs, Typography, type TableProps } from 'antd';
import { GRADES, type Grade, type RankingRow } from '@ip/contract';
import { useUrlList } from '../../../components/use-url-list';
import { routeSetOf, useSessionUser } from '../../../lib/session-store';
import { serviceStreetsQuery } from '../../enterprise-service/api';
import { gradesQuery, rankingQuery } from '../api';
import { GRADE_COLORS, GradeTag, ScoreBreakdown } from '../components/score-breakdown';
import { ScoreSettingsForm } from '../components/score-settings-form';
import { enterpriseLink } from './ranking-page';

const GRADE_HINT: Record<Grade, string> = {
  A: '重点培育',
  B: '积极发展',
  C: '常规服务',
  D: '需要关注',
};

/** /workTobear (企业分级, ADR 0043): enterprises per grade, and the scoring rules (main account edits, staff read). */
export default function GradingPage() {
  const user = useSessionUser();
  const isMain = routeSetOf(user) === 'C';
  const { params, page, pageSize, update, pagination } = useUrlList();
  const gradeParam = params.get('grade');
  const grade: Grade = GRADES.includes(gradeParam as Grade) ? (gradeParam as Grade) : 'A';
  const tab = params.get('tab') === 'rules' ? 'rules' : 'grades';
  const keyword = params.get('keyword') ?? '';
  const streetId = Number(params.get('street_id')) || undefined;
  const [search, setSearch] = useState(keyword);
  const grades = useQuery(gradesQuery());
  const streets = useQuery(serviceStreetsQuery());
  const list = useQuery({
    ...rankingQuery({
      page,
      page_size: pageSize,
      grade,
      ...(keyword ? { keyword } : {}),
      ...(streetId ? { street_id: streetId } : {}),
    }),
    enabled: tab === 'grades',
  });

  const columns: TableProps<RankingRow>['columns'] = [
    { title: '排名', dataIndex: 'rank', width: 70, align: 'right' },
    {
      title: '企业名称',
      dataIndex: 'company_name',
      render: (name: string, r) => <Link to={enterpriseLink(r.id, name)}>{name}</Link>,
    },
    { title: '街道', dataIndex: 'street_name', width: 120, render: (v: string) => v || '—' },
    { title: '得分', dataIndex: 'score', width: 90, align: 'right' },
    { title: '等级', dataIndex: 'grade', width: 80, render: (g: Grade) => <GradeTag grade={g} /> },
  ];

  const counts = grades.data?.counts;
  const t = grades.data?.thresholds;
  const range = (g: Grade) =>
    !t ? '' : g === 'A' ? `≥ ${t.a} 分` : g === 'B' ? `${t.b}–${t.a - 1} 分` : g === 'C' ? `${t.c}–${t.b - 1} 分` : `< ${t.c} 分`;

  const gradesView = (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {GRADES.map((g) => (
          <Col xs={12} md={6} key={g}>
            <Card
              size="small"
              hoverable
              role="button"
              tabIndex={0}
              aria-pressed={g === grade}
              onClick={() => update({ grade: g, page: undefined })}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  update({ grade: g, page: undefined });
                }
              }}
              style={{ borderColor: g === grade ? GRADE_COLORS[g] : undefined, borderWidth: g === grade ? 2 : 1 }}
            >
              <Statistic
                title={`${g} 级 · ${GRADE_HINT[g]}`}
                value={counts ? counts[g] : '—'}
                suffix="家"
                styles={{ content: { color: GRADE_COLORS[g] } }}
              />
              <Typography.Text type="secondary">{range(g)}</Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Text strong>{grade} 级企业</Typography.Text>
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
      </Space>
      {list.isError && <Alert type="error" showIcon title="企业列表加载失败" style={{ marginBottom: 16 }} />}
      <Table<RankingRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={pagination(list.data?.total, '家')}
        scroll={{ x: 560 }}
        locale={{ emptyText: `暂无 ${grade} 级企业` }}
        expandable={{
          expandedRowRender: (r) => (list.data ? <ScoreBreakdown row={r} weights={list.data.weights} /> : null),
        }}
      />
    </>
  );

  return (
    <Card title="企业分级">
      <Tabs
        activeKey={tab}
        onChange={(k) => update({ tab: k === 'rules' ? 'rules' : undefined, page: undefined })}
        items={[
          { key: 'grades', label: '分级企业', children: gradesView },
          { key: 'rules', label: '评分规则', children: <ScoreSettingsForm editable={isMain} /> },
        ]}
      />
    </Card>
  );
}
