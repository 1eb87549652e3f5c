import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableProps,
} from 'antd';
import { PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { HOLIDAY_YEAR_MAX, HOLIDAY_YEAR_MIN, isIsoDate, type HolidayRow } from '@ip/contract';
import { HOLIDAYS_KEY, deleteHolidayCall, holidayListQuery, reimportHolidaysCall, saveHolidayCall } from '../../warnings/api';
import { notify } from '../../../lib/notify';
import { chinaYear } from '../../../lib/china-time';

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
export const weekdayOf = (day: string) => WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()];

interface Values {
  day: string;
  working: 0 | 1;
  name: string;
}

/** 节假日 (/system, administrator): the holiday table behind every working-day computation (ADR 0027). */
export function HolidaysPanel() {
  const [year, setYear] = useState(() => chinaYear());
  const q = useQuery(holidayListQuery(year));
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<HolidayRow | null | undefined>(undefined);
  const [form] = Form.useForm<Values>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: HOLIDAYS_KEY });

  const save = useMutation({
    mutationFn: (v: Values) => saveHolidayCall({ day: v.day.trim(), working: v.working, name: (v.name ?? '').trim() }),
    onSuccess: async (r) => {
      notify.success(`${r.day} 已保存`);
      setEditing(undefined);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (r: HolidayRow) => deleteHolidayCall(r.day),
    onSuccess: async (_d, r) => {
      notify.success(`已删除 ${r.day}`);
      await refresh();
    },
  });
  const reimport = useMutation({
    mutationFn: () => reimportHolidaysCall(year),
    onSuccess: async (r) => {
      notify.success(`已从数据包重新导入 ${r.year} 年（${r.list.length} 天）`);
      await refresh();
    },
  });

  const open = (row: HolidayRow | null) => {
    setEditing(row);
    form.setFieldsValue(row ? { day: row.day, working: row.working, name: row.name } : { day: `${year}-`, working: 0, name: '' });
  };

  const years: number[] = [];
  const known = q.data?.package_years ?? [];
  const from = Math.min(known[0] ?? year, year - 1);
  const to = Math.max(known.at(-1) ?? year, year + 1);
  for (let y = Math.max(HOLIDAY_YEAR_MIN, from); y <= Math.min(HOLIDAY_YEAR_MAX, to); y++) years.push(y);

  const columns: TableProps<HolidayRow>['columns'] = [
    { title: '日期', dataIndex: 'day', width: 120 },
    { title: '星期', key: 'weekday', width: 72, render: (_v, r) => weekdayOf(r.day) },
    {
      title: '安排',
      dataIndex: 'working',
      width: 100,
      render: (w: number) => (w === 1 ? <Tag color="blue">班（调休上班）</Tag> : <Tag color="red">休</Tag>),
    },
    { title: '名称', dataIndex: 'name', render: (v: string) => v || '—' },
    {
      title: '来源',
      dataIndex: 'source',
      width: 110,
      render: (s: string) => (s === 'admin' ? <Tag color="orange">管理员修改</Tag> : <Tag>数据包</Tag>),
    },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => open(r)} aria-label={`编辑 ${r.day}`}>
            编辑
          </Button>
          <Popconfirm
            title={`确定删除 ${r.day} 吗？`}
            description="删除后这一天按常规安排：周一至周五上班，周末休息。"
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => remove.mutateAsync(r).catch(() => undefined)}
          >
            <Button type="link" size="small" danger aria-label={`删除 ${r.day}`}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const list = q.data?.list ?? [];
  const off = list.filter((r) => r.working === 0).length;
  return (
    <div>
      <Typography.Paragraph type="secondary">
        年费缴纳期限等所有工作日计算都使用此表：表中未列出的日期，周一至周五为工作日，周末休息。数据来自 chinese-days
        数据包，管理员的修改不会被启动时的导入覆盖。
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label="选择年份"
          value={year}
          onChange={setYear}
          style={{ width: 120 }}
          options={years.map((y) => ({ value: y, label: `${y} 年` }))}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
          新增日期
        </Button>
        <Popconfirm
          title={`从数据包重新导入 ${year} 年？`}
          description="该年的全部记录（含管理员的修改）将被数据包中的安排替换。"
          okText="重新导入"
          cancelText="取消"
          disabled={!q.data?.package_knows}
          onConfirm={() => reimport.mutateAsync().catch(() => undefined)}
        >
          <Button icon={<SyncOutlined />} disabled={!q.data?.package_knows} loading={reimport.isPending}>
            从数据包重新导入
          </Button>
        </Popconfirm>
        {q.data && (
          <Typography.Text type="secondary">
            {year} 年：放假 {off} 天，调休上班 {list.length - off} 天
            {q.data.package_knows ? '' : '（数据包中没有该年的安排，请手工维护）'}
          </Typography.Text>
        )}
      </Space>
      {q.isError && <Alert type="error" showIcon title="节假日加载失败" style={{ marginBottom: 16 }} />}
      <Table<HolidayRow>
        rowKey="day"
        size="small"
        loading={q.isFetching}
        columns={columns}
        dataSource={list}
        scroll={{ x: 640 }}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: `${year} 年没有节假日记录` }}
      />
      <Modal
        open={editing !== undefined}
        title={editing ? `编辑 ${editing.day}` : '新增日期'}
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(undefined)}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
          <Form.Item
            name="day"
            label="日期"
            rules={[
              { required: true, message: '请填写日期' },
              {
                validator: async (_r, v: string | undefined) => {
                  if (v && !isIsoDate(v.trim())) throw new Error('日期格式不正确，应为有效日期 YYYY-MM-DD');
                },
              },
            ]}
          >
            <Input placeholder="YYYY-MM-DD" disabled={!!editing} autoComplete="off" />
          </Form.Item>
          <Form.Item name="working" label="安排" rules={[{ required: true, message: '请选择放假或调休上班' }]}>
            <Radio.Group
              options={[
                { value: 0, label: '休（放假）' },
                { value: 1, label: '班（调休上班）' },
              ]}
            />
          </Form.Item>
          <Form.Item name="name" label="名称" rules={[{ max: 50, message: '名称不能超过 50 个字' }]}>
            <Input placeholder="例如：国庆节" autoComplete="off" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
