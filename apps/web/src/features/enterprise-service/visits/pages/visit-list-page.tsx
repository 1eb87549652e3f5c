import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { enterpriseLink } from '../../../enterprise-directory/enterprise-link';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Empty, Form, Input, Modal, Select, Space, Table, type TableProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import {
  VISIT_STATUS_TEXT,
  VISIT_STATUSES,
  type StreetRow,
  type VisitListQuery,
  type VisitRow,
  type VisitStatus,
} from '@ip/contract';
import { get } from '../../../../api/http';
import { useUrlList } from '../../../../components/use-url-list';
import { notify } from '../../../../lib/notify';
import { useSessionUser } from '../../../../lib/session-store';
import { editVisitCall, exportVisitsCall, visitListQuery, visitStaffQuery, VISITS_KEY } from '../api';
import { useIsMain, VisitStatusTag, visitErrorText } from '../visit-bits';
import '../visits.css';
import { useActionsFixed } from '../../../../lib/table-columns';

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const day = (v: string | null) => (v && DAY_RE.test(v) ? v : undefined);

/** 完成跟进: an optional note, then the record leaves 待跟进. */
function FollowDoneDialog({ row, onClose }: { row: VisitRow | null; onClose: () => void }) {
  const qc = useQueryClient();
  const [form] = Form.useForm<{ follow_note: string }>();
  const save = useMutation({
    mutationFn: (v: { follow_note: string }) =>
      editVisitCall({ action: 'follow_done', id: row!.id, ...(v.follow_note?.trim() ? { follow_note: v.follow_note } : {}) }),
    onSuccess: async () => {
      notify.success('已完成跟进');
      await qc.invalidateQueries({ queryKey: VISITS_KEY });
      onClose();
    },
  });
  return (
    <Modal
      title={row ? `完成跟进：${row.company_name}` : '完成跟进'}
      open={row !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="完成跟进"
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {row && (
        <Form form={form} layout="vertical" initialValues={{ follow_note: row.follow_note }} onFinish={(v) => save.mutate(v)}>
          <Form.Item name="follow_note" label="跟进结果">
            <Input.TextArea rows={3} maxLength={1000} showCount />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/**
 * The visit lists: /workWaitvisit2 走访记录 (records; filters for status, visitor, street, enterprise, dates and
 * follow-up; Excel export) and /workVisit 走访跟进 (records whose follow-up is open, with 完成跟进). State in the URL.
 */
export function VisitListPage({ mode }: { mode: 'records' | 'follow' }) {
  const { params, page, pageSize, update, pagination } = useUrlList();
  const isMain = useIsMain();
  const user = useSessionUser();
  const follow = mode === 'follow';
  const statusParam = params.get('status');
  const status: VisitStatus | undefined = follow
    ? 'done'
    : statusParam === 'any'
      ? undefined
      : (VISIT_STATUSES as readonly string[]).includes(statusParam ?? '')
        ? (statusParam as VisitStatus)
        : 'done';
  const staffId = Number(params.get('staff_id')) || undefined;
  const streetId = Number(params.get('street_id')) || undefined;
  const keyword = params.get('keyword') ?? '';
  const from = day(params.get('date_from'));
  const to = day(params.get('date_to'));
  const followParam = params.get('follow_up');
  const followUp = follow ? '1' : followParam === '1' || followParam === '0' ? followParam : undefined;
  const sort = params.get('order') === 'ascend' ? 'asc' : 'desc';

  const query = useMemo<VisitListQuery>(
    () => ({
      page,
      page_size: pageSize,
      sort,
      ...(status ? { status } : {}),
      ...(staffId ? { staff_id: staffId } : {}),
      ...(streetId ? { street_id: streetId } : {}),
      ...(keyword ? { keyword } : {}),
      ...(from ? { date_from: from } : {}),
      ...(to ? { date_to: to } : {}),
      ...(followUp ? { follow_up: followUp } : {}),
    }),
    [page, pageSize, sort, status, staffId, streetId, keyword, from, to, followUp],
  );
  const list = useQuery(visitListQuery(query));
  const staff = useQuery({ ...visitStaffQuery(), enabled: isMain });
  const streets = useQuery({
    queryKey: [...VISITS_KEY, 'streets'],
    queryFn: () => get<StreetRow[]>('/v1/company/street', undefined, { background: true }),
    staleTime: 60_000,
  });
  const [closing, setClosing] = useState<VisitRow | null>(null);
  const exporting = useMutation({
    mutationFn: () => exportVisitsCall({ ...query, page: 1 }),
    onSuccess: (r) => {
      notify.success(r.truncated ? `已导出前 ${r.rows} 条` : `已导出 ${r.rows} 条`);
      window.location.assign(r.url);
    },
  });

  const actionsFixed = useActionsFixed();
  const columns: TableProps<VisitRow>['columns'] = [
    {
      title: '日期',
      key: 'day',
      dataIndex: 'day',
      width: 110,
      sorter: true,
      sortOrder: sort === 'asc' ? 'ascend' : 'descend',
      sortDirections: ['descend', 'ascend', 'descend'],
    },
    {
      title: '企业',
      dataIndex: 'company_name',
      width: 240,
      render: (v: string, r) => <Link to={enterpriseLink(r.company_id, v)}>{v}</Link>,
    },
    { title: '街道', dataIndex: 'street_name', width: 100 },
    { title: '走访人员', dataIndex: 'staff_name', width: 100 },
    { title: '接待人员', dataIndex: 'people_met', width: 130, render: (v: string) => v || '—' },
    {
      title: follow ? '跟进说明' : '走访内容',
      key: 'text',
      width: 280,
      ellipsis: true,
      render: (_v, r) => (follow ? r.follow_note : r.content || r.purpose) || '—',
    },
    { title: '照片', dataIndex: 'photo_count', width: 70, render: (v: number) => (v ? `${v} 张` : '—') },
    {
      title: '状态',
      key: 'status',
      width: 140,
      render: (_v, r) => <VisitStatusTag status={r.status} followOpen={r.follow_open} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: follow ? 170 : 80,
      fixed: actionsFixed,
      render: (_v, r) => (
        <Space size={4}>
          <Link to={`/workVisit/details?id=${r.id}`} aria-label={`${r.company_name} 走访详情`}>
            详情
          </Link>
          {r.follow_open && (
            <Button type="link" size="small" onClick={() => setClosing(r)}>
              完成跟进
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="visit-page">
      <Card
        title={follow ? '走访跟进' : '走访记录'}
        extra={
          <Space wrap>
            <Link to="/addWaitvisit">发起待走访</Link>
            {!follow && (
              <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
                导出 Excel
              </Button>
            )}
          </Space>
        }
      >
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            key={keyword}
            defaultValue={keyword}
            aria-label="企业名称"
            placeholder="企业名称"
            allowClear
            enterButton="筛选"
            maxLength={50}
            style={{ width: 260, maxWidth: '100%' }}
            onSearch={(v) => update({ keyword: v.trim(), page: undefined })}
          />
          {!follow && (
            <Select<string>
              aria-label="走访状态"
              value={status ?? 'any'}
              style={{ width: 120 }}
              onChange={(v) => update({ status: v === 'done' ? undefined : v, page: undefined })}
              options={[
                { value: 'any', label: '全部状态' },
                ...VISIT_STATUSES.map((s) => ({ value: s, label: VISIT_STATUS_TEXT[s] })),
              ]}
            />
          )}
          {isMain && (
            <Select<number | ''>
              aria-label="走访人员"
              value={staffId ?? ''}
              style={{ width: 150 }}
              onChange={(v) => update({ staff_id: v || undefined, page: undefined })}
              options={[
                { value: '', label: '全部人员' },
                { value: user?.id ?? 0, label: '主账号本人' },
                ...(staff.data?.list ?? []).map((s) => ({ value: s.id, label: s.name })),
              ]}
            />
          )}
          <Select<number | ''>
            aria-label="街道"
            value={streetId ?? ''}
            style={{ width: 140 }}
            onChange={(v) => update({ street_id: v || undefined, page: undefined })}
            options={[{ value: '', label: '全部街道' }, ...(streets.data ?? []).map((s) => ({ value: s.id, label: s.name }))]}
          />
          <DatePicker.RangePicker
            aria-label="日期范围"
            value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
            allowEmpty={[true, true]}
            onChange={(v) =>
              update({
                date_from: v?.[0]?.format('YYYY-MM-DD'),
                date_to: v?.[1]?.format('YYYY-MM-DD'),
                page: undefined,
              })
            }
          />
          {!follow && (
            <Select<string>
              aria-label="跟进"
              value={followUp ?? ''}
              style={{ width: 120 }}
              onChange={(v) => update({ follow_up: v, page: undefined })}
              options={[
                { value: '', label: '全部跟进' },
                { value: '1', label: '待跟进' },
                { value: '0', label: '无待跟进' },
              ]}
            />
          )}
        </Space>
        {list.isError ? (
          <Alert
            type="error"
            showIcon
            title="加载失败"
            description={visitErrorText(list.error)}
            action={
              <Button size="small" onClick={() => list.refetch()}>
                重试
              </Button>
            }
          />
        ) : (
          <Table<VisitRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={list.data?.list ?? []}
            loading={list.isFetching}
            scroll={{ x: 1250 }}
            pagination={pagination(list.data?.total)}
            onChange={(_p, _f, sorter, extra) => {
              if (extra.action !== 'sort') return;
              const s = Array.isArray(sorter) ? sorter[0] : sorter;
              update({ order: s?.order === 'ascend' ? 'ascend' : undefined, page: undefined });
            }}
            locale={{
              emptyText: list.isPending ? (
                '加载中…'
              ) : (
                <Empty description={follow ? '没有待跟进的走访' : '没有符合条件的走访记录'} />
              ),
            }}
          />
        )}
      </Card>
      <FollowDoneDialog row={closing} onClose={() => setClosing(null)} />
    </div>
  );
}

export default function WorkWaitvisit2Page() {
  return <VisitListPage mode="records" />;
}
