import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { staffListQuery } from '../enterprise-service/api';
import { streetOptionsQuery, type StatsFilter } from './api';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const idOf = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/** The dashboards' filter kept in the address: date_from, date_to, street_id, staff_id. */
export function useStatsFilter(): { filter: StatsFilter; set: (patch: Record<string, string | number | undefined>) => void } {
  const [params, setParams] = useSearchParams();
  const from = params.get('date_from') ?? '';
  const to = params.get('date_to') ?? '';
  const street = idOf(params.get('street_id'));
  const staff = idOf(params.get('staff_id'));
  const filter = useMemo<StatsFilter>(
    () => ({
      ...(DAY.test(from) && DAY.test(to) ? { date_from: from, date_to: to } : {}),
      ...(street ? { street_id: street } : {}),
      ...(staff ? { staff_id: staff } : {}),
    }),
    [from, to, street, staff],
  );
  const set = (patch: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    next.delete('page');
    setParams(next);
  };
  return { filter, set };
}

/** Range, street and (optionally) staff pickers; `shown` is the range the answer was computed for. */
export function StatsFilterBar(props: {
  filter: StatsFilter;
  set: (patch: Record<string, string | number | undefined>) => void;
  shown?: { date_from: string; date_to: string };
  withStaff?: boolean;
}) {
  const { filter, set, shown } = props;
  const streets = useQuery(streetOptionsQuery());
  const staff = useQuery({ ...staffListQuery({ page: 1, page_size: 100 }), enabled: !!props.withStaff });
  const value: [Dayjs, Dayjs] | null = shown ? [dayjs(shown.date_from), dayjs(shown.date_to)] : null;
  const today = dayjs();
  return (
    <Space wrap size={8}>
      <DatePicker.RangePicker
        aria-label="统计日期范围"
        placeholder={['开始日期', '结束日期']}
        allowClear={false}
        value={value}
        onChange={(v) =>
          set(
            v?.[0] && v[1]
              ? { date_from: v[0].format('YYYY-MM-DD'), date_to: v[1].format('YYYY-MM-DD') }
              : { date_from: undefined, date_to: undefined },
          )
        }
        presets={[
          { label: '本月', value: [today.startOf('month'), today] },
          { label: '近 90 天', value: [today.subtract(89, 'day'), today] },
          { label: '本年', value: [today.startOf('year'), today] },
          { label: '近 12 个月', value: [today.subtract(11, 'month').startOf('month'), today] },
        ]}
        style={{ maxWidth: '100%' }}
      />
      <Select
        aria-label="街道"
        allowClear
        placeholder="全部街道"
        style={{ width: 160 }}
        loading={streets.isPending}
        value={filter.street_id}
        onChange={(v?: number) => set({ street_id: v })}
        options={(streets.data ?? []).map((s) => ({ value: s.street_id, label: `${s.street_name}（${s.enterprises}）` }))}
      />
      {props.withStaff && (
        <Select
          aria-label="走访人员"
          allowClear
          placeholder="全部人员"
          style={{ width: 140 }}
          loading={staff.isPending}
          value={filter.staff_id}
          onChange={(v?: number) => set({ staff_id: v })}
          options={(staff.data?.list ?? []).map((s) => ({ value: s.id, label: s.name || s.mobile }))}
        />
      )}
    </Space>
  );
}
