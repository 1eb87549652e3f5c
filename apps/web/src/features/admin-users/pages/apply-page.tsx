import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Modal,
  Radio,
  Space,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
  type TableProps,
} from 'antd';
import dayjs from 'dayjs';
import { APPLICATION_STATUS_LABELS, REMARK_MAX, privateFileUrl } from '@ip/contract';
import {
  applicationListQuery,
  decideApplicationCall,
  type ApplicationListParams,
  type ApplicationRow,
  type ApplicationStatusKey,
} from '../api';
import { CompanySelect } from '../components/company-select';
import { openPrivateFile } from '../../../api/http';
import { markServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { chinaMinute } from '../../../lib/china-time';
import { useActionsFixed } from '../../../lib/table-columns';

const STATUS_KEYS: ApplicationStatusKey[] = ['all', 'pending', 'approved', 'rejected'];
const STATUS_TAG: Record<0 | 1 | 2, string> = { 0: 'processing', 1: 'success', 2: 'error' };
const DEFAULT_PAGE_SIZE = 20;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** China time, minutes. */

/** The licence of an application: a private file opened with the administrator's session, or why it cannot be. */
function Licence({ row }: { row: ApplicationRow }) {
  if (row.licence_state === 'file' && row.licence_file_id) {
    return (
      <Button
        type="link"
        size="small"
        style={{ padding: 0 }}
        aria-label={`查看 ${row.company_name} 的营业执照`}
        onClick={() => void openPrivateFile(privateFileUrl(row.licence_file_id!)).catch(() => undefined)}
      >
        查看
      </Button>
    );
  }
  const why =
    row.licence_state === 'legacy'
      ? '旧版上传地址，文件已无法打开，请联系申请人重新上传'
      : row.licence_state === 'missing'
        ? '文件已被删除，请联系申请人重新上传'
        : '未上传营业执照';
  return (
    <Tooltip title={why}>
      <Typography.Text type="secondary" tabIndex={0}>
        {row.licence_state === 'none' ? '未上传' : '无法查看'}
      </Typography.Text>
    </Tooltip>
  );
}

/** 通过: shows what the approval will link to; the administrator may pick another existing company instead. */
function ApproveDialog({ row, onClose, onDone }: { row: ApplicationRow; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<{ target: 'auto' | 'choose'; company_id?: number }>();
  const target = Form.useWatch('target', form);
  const [saving, setSaving] = useState(false);
  const match = row.matched_company;
  return (
    <Modal
      title={`通过「${row.company_name}」的认证申请`}
      open
      onCancel={onClose}
      okText="确认通过"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph>
        申请人：{row.user_name}（{row.user_mobile}），统一社会信用代码：{row.credit_code}
      </Typography.Paragraph>
      {row.credit_code_problem && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={`信用代码有误：${row.credit_code_problem}`} />
      )}
      <Form
        form={form}
        layout="vertical"
        name="approve-application"
        initialValues={{ target: 'auto' }}
        requiredMark={false}
        onFinish={async (v) => {
          setSaving(true);
          try {
            const res = await decideApplicationCall({
              id: row.id,
              status: 1,
              ...(v.target === 'choose' && v.company_id ? { company_id: v.company_id } : {}),
            });
            notify.success(`已通过，账号已关联「${res.company?.company_name ?? row.company_name}」`);
            onDone();
            onClose();
          } catch (err) {
            markServerFieldErrors(form, err, ['company_id']);
          } finally {
            setSaving(false);
          }
        }}
      >
        <Form.Item label="关联企业" name="target">
          <Radio.Group>
            <Space direction="vertical">
              <Radio value="auto">
                {match
                  ? `关联已有企业「${match.company_name}」（${match.by === 'credit_code' ? '信用代码一致' : '名称一致'}）`
                  : `按申请信息新建企业「${row.company_name}」`}
              </Radio>
              <Radio value="choose">选择其他已有企业</Radio>
            </Space>
          </Radio.Group>
        </Form.Item>
        {target === 'choose' && (
          <Form.Item label="选择企业" name="company_id" rules={[{ required: true, message: '请选择企业' }]}>
            <CompanySelect aria-label="选择企业" />
          </Form.Item>
        )}
      </Form>
      <Typography.Text type="secondary">通过后该用户立即成为正式企业用户，试用限制随即解除。</Typography.Text>
    </Modal>
  );
}

/** 驳回: a reason is required; the applicant reads it on 个人中心 and may apply again. */
function RejectDialog({ row, onClose, onDone }: { row: ApplicationRow; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<{ remark: string }>();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      title={`驳回「${row.company_name}」的认证申请`}
      open
      onCancel={onClose}
      okText="确认驳回"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="reject-application"
        requiredMark={false}
        onFinish={async (v) => {
          setSaving(true);
          try {
            await decideApplicationCall({ id: row.id, status: 2, remark: v.remark.trim() });
            notify.success('已驳回，申请人可在个人中心查看原因并重新提交');
            onDone();
            onClose();
          } catch (err) {
            markServerFieldErrors(form, err, ['remark']);
          } finally {
            setSaving(false);
          }
        }}
      >
        <Form.Item
          label="驳回原因"
          name="remark"
          rules={[
            { required: true, whitespace: true, message: '请填写驳回原因' },
            { max: REMARK_MAX, message: `驳回原因不能超过 ${REMARK_MAX} 个字` },
          ]}
          extra="申请人将看到该原因"
        >
          <Input.TextArea rows={3} showCount maxLength={REMARK_MAX} placeholder="如：营业执照不清晰，请重新上传" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /apply: the administrator's queue of verification applications; filters, sorting and paging live in the URL. */
export default function ApplyPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const statusParam = params.get('status') as ApplicationStatusKey | null;
  const status: ApplicationStatusKey = statusParam && STATUS_KEYS.includes(statusParam) ? statusParam : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = [10, 20, 50, 100].includes(Number(params.get('page_size')))
    ? Number(params.get('page_size'))
    : DEFAULT_PAGE_SIZE;
  const keyword = params.get('keyword') ?? '';
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : '';
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : '';
  const sort = params.get('sort') === 'reviewed_at' ? 'reviewed_at' : 'created_at';
  const order = params.get('order') === 'asc' ? 'asc' : 'desc';

  const listParams: ApplicationListParams = useMemo(
    () => ({
      page,
      page_size: pageSize,
      status,
      sort,
      order,
      ...(keyword ? { keyword } : {}),
      ...(from ? { date_from: from } : {}),
      ...(to ? { date_to: to } : {}),
    }),
    [page, pageSize, status, sort, order, keyword, from, to],
  );
  const list = useQuery(applicationListQuery(listParams));
  const [approving, setApproving] = useState<ApplicationRow | null>(null);
  const [rejecting, setRejecting] = useState<ApplicationRow | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin-users'] });

  const update = (patch: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    setParams(next);
  };

  const counts = list.data?.counts;
  const sortOrder = (key: string) => (sort === key ? (order === 'asc' ? 'ascend' : 'descend') : null);

  const actionsFixed = useActionsFixed();
  const columns: TableProps<ApplicationRow>['columns'] = [
    {
      title: '申请企业',
      key: 'company',
      render: (_v, r) => (
        <div>
          <div>{r.company_name}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.credit_code}
          </Typography.Text>
          {r.credit_code_problem && (
            <Tag color="warning" style={{ marginLeft: 4 }}>
              代码有误
            </Tag>
          )}
        </div>
      ),
    },
    {
      title: '申请人',
      key: 'user',
      width: 150,
      render: (_v, r) => (
        <div>
          <div>{r.user_name}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.user_mobile}
          </Typography.Text>
        </div>
      ),
    },
    { title: '联系人', dataIndex: 'contact', width: 100 },
    { title: '营业执照', key: 'licence', width: 96, render: (_v, r) => <Licence row={r} /> },
    {
      title: '提交时间',
      dataIndex: 'created_at',
      key: 'created_at',
      width: 150,
      sorter: true,
      sortOrder: sortOrder('created_at'),
      render: (v: string) => chinaMinute(v),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 200,
      render: (s: 0 | 1 | 2, r) => (
        <div>
          <Tag color={STATUS_TAG[s]}>{APPLICATION_STATUS_LABELS[s]}</Tag>
          {r.remark && (
            <Typography.Paragraph
              type="secondary"
              style={{ fontSize: 12, margin: '4px 0 0' }}
              ellipsis={{ rows: 2, tooltip: r.remark }}
            >
              {r.remark}
            </Typography.Paragraph>
          )}
        </div>
      ),
    },
    {
      title: '审核时间',
      dataIndex: 'reviewed_at',
      key: 'reviewed_at',
      width: 170,
      sorter: true,
      sortOrder: sortOrder('reviewed_at'),
      render: (v: string | null, r) => (v ? `${chinaMinute(v)}${r.reviewer_name ? ` ${r.reviewer_name}` : ''}` : '—'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: actionsFixed,
      render: (_v, r) =>
        r.status === 0 ? (
          <Space size={4}>
            <Button type="link" size="small" onClick={() => setApproving(r)} aria-label={`通过 ${r.company_name} 的申请`}>
              通过
            </Button>
            <Button type="link" size="small" danger onClick={() => setRejecting(r)} aria-label={`驳回 ${r.company_name} 的申请`}>
              驳回
            </Button>
          </Space>
        ) : (
          <Typography.Text type="secondary">已处理</Typography.Text>
        ),
    },
  ];

  const tabLabel = (key: ApplicationStatusKey) => {
    const n = !counts
      ? undefined
      : key === 'pending'
        ? counts.pending
        : key === 'approved'
          ? counts.approved
          : key === 'rejected'
            ? counts.rejected
            : counts.pending + counts.approved + counts.rejected;
    const label = key === 'all' ? '全部' : APPLICATION_STATUS_LABELS[key === 'pending' ? 0 : key === 'approved' ? 1 : 2];
    return n === undefined ? label : `${label}（${n}）`;
  };

  return (
    <Card title="申请管理">
      <Tabs
        activeKey={status}
        onChange={(k) => update({ status: k === 'all' ? undefined : k, page: undefined })}
        items={STATUS_KEYS.map((k) => ({ key: k, label: tabLabel(k) }))}
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          key={keyword}
          defaultValue={keyword}
          placeholder="企业名称、信用代码、联系人或手机号"
          aria-label="搜索申请"
          allowClear
          enterButton="查询"
          style={{ width: 340, maxWidth: '100%' }}
          onSearch={(v) => update({ keyword: v.trim(), page: undefined })}
        />
        <DatePicker.RangePicker
          aria-label="提交日期"
          placeholder={['提交开始日期', '提交结束日期']}
          value={from && to ? [dayjs(from), dayjs(to)] : null}
          onChange={(v) =>
            update({
              from: v?.[0]?.format('YYYY-MM-DD'),
              to: v?.[1]?.format('YYYY-MM-DD'),
              page: undefined,
            })
          }
        />
      </Space>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title="申请列表加载失败"
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              重试
            </Button>
          }
        />
      )}
      <Table<ApplicationRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1100 }}
        onChange={(_p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          if (!s || !s.order) return update({ sort: undefined, order: undefined, page: undefined });
          update({
            sort: s.columnKey === 'reviewed_at' ? 'reviewed_at' : undefined,
            order: s.order === 'ascend' ? 'asc' : undefined,
          });
        }}
        pagination={{
          current: page,
          pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (t) => `共 ${t} 条`,
          onChange: (p, s) => update({ page: p === 1 ? undefined : p, page_size: s === DEFAULT_PAGE_SIZE ? undefined : s }),
        }}
        locale={{ emptyText: list.isError ? '加载失败，请稍后重试' : '暂无认证申请' }}
      />
      {approving && <ApproveDialog row={approving} onClose={() => setApproving(null)} onDone={refresh} />}
      {rejecting && <RejectDialog row={rejecting} onClose={() => setRejecting(null)} onDone={refresh} />}
    </Card>
  );
}
