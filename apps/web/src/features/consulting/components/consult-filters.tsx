import { DatePicker, Input, Select, Space } from 'antd';
import dayjs from 'dayjs';
import {
  CONSULT_CATEGORIES,
  CONSULT_CATEGORY_LABELS,
  CONSULT_STATUSES,
  CONSULT_STATUS_LABELS,
  type ConsultCategory,
  type ConsultList,
  type ConsultStatus,
} from '@ip/contract';
import type { UrlList } from '../../../components/use-url-list';

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}
const isDay = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) && dayjs(v).isValid() ? v : undefined);

/** The filters of a consulting list as kept in the address. */
export function consultFilters(params: URLSearchParams) {
  const status = pick(params.get('status'), CONSULT_STATUSES);
  const category = pick(params.get('category'), CONSULT_CATEGORIES);
  const keyword = params.get('keyword') ?? '';
  const company = params.get('company') ?? '';
  const from = isDay(params.get('from'));
  const to = isDay(params.get('to'));
  const id = Number(params.get('id')) || undefined;
  return { status, category, keyword, company, from, to, id };
}

export function ConsultFilterBar({
  list,
  counts,
  admin,
}: {
  list: UrlList;
  counts: ConsultList['counts'] | undefined;
  admin: boolean;
}) {
  const f = consultFilters(list.params);
  const reset = { page: undefined };
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input.Search
        key={`k${f.keyword}`}
        defaultValue={f.keyword}
        placeholder="搜索标题或内容"
        aria-label="搜索咨询标题或内容"
        allowClear
        enterButton="查询"
        style={{ width: 240, maxWidth: '100%' }}
        onSearch={(v) => list.update({ keyword: v.trim(), ...reset })}
      />
      {admin && (
        <Input.Search
          key={`c${f.company}`}
          defaultValue={f.company}
          placeholder="企业名称"
          aria-label="按企业名称筛选"
          allowClear
          enterButton="筛选"
          style={{ width: 220, maxWidth: '100%' }}
          onSearch={(v) => list.update({ company: v.trim(), ...reset })}
        />
      )}
      <Select
        aria-label="按状态筛选"
        style={{ width: 140 }}
        value={f.status ?? ''}
        options={[
          { value: '', label: '全部状态' },
          ...CONSULT_STATUSES.map((s: ConsultStatus) => ({
            value: s,
            label: `${CONSULT_STATUS_LABELS[s]}${counts ? `（${counts[s]}）` : ''}`,
          })),
        ]}
        onChange={(v) => list.update({ status: v, ...reset })}
      />
      <Select
        aria-label="按类别筛选"
        style={{ width: 150 }}
        value={f.category ?? ''}
        options={[
          { value: '', label: '全部类别' },
          ...CONSULT_CATEGORIES.map((c: ConsultCategory) => ({ value: c, label: CONSULT_CATEGORY_LABELS[c] })),
        ]}
        onChange={(v) => list.update({ category: v, ...reset })}
      />
      <DatePicker.RangePicker
        aria-label="按提问日期筛选"
        placeholder={['开始日期', '结束日期']}
        style={{ maxWidth: '100%' }}
        value={f.from && f.to ? [dayjs(f.from), dayjs(f.to)] : null}
        onChange={(v) => list.update({ from: v?.[0]?.format('YYYY-MM-DD'), to: v?.[1]?.format('YYYY-MM-DD'), ...reset })}
      />
    </Space>
  );
}
