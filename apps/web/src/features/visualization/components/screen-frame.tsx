import { useCallback, useMemo, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, ConfigProvider, DatePicker, Select, Space, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { REGION_MEASURES, type RegionMeasure } from '@ip/contract';
import { mapFiguresQuery } from '../api';
import '../visualization.css';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface ScreenParams {
  dateFrom?: string;
  dateTo?: string;
  streetId?: number;
  measure: RegionMeasure;
}

/** The big screen's state in the address: date_from, date_to, street_id, measure. */
export function useScreenParams() {
  const [sp, setSp] = useSearchParams();
  const params = useMemo<ScreenParams>(() => {
    const from = sp.get('date_from') ?? '';
    const to = sp.get('date_to') ?? '';
    const street = Number(sp.get('street_id'));
    const measure = sp.get('measure') as RegionMeasure;
    return {
      dateFrom: DAY.test(from) ? from : undefined,
      dateTo: DAY.test(to) ? to : undefined,
      streetId: Number.isInteger(street) && street > 0 ? street : undefined,
      measure: REGION_MEASURES.includes(measure) ? measure : 'enterprises',
    };
  }, [sp]);
  const set = useCallback(
    (patch: Partial<Record<'date_from' | 'date_to' | 'street_id' | 'measure', string | undefined>>) =>
      setSp(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          return next;
        },
        { replace: true },
      ),
    [setSp],
  );
  const query = useMemo(
    () => ({ date_from: params.dateFrom, date_to: params.dateTo, street_id: params.streetId }),
    [params.dateFrom, params.dateTo, params.streetId],
  );
  return { params, set, query };
}

const PRESETS: { label: string; value: [Dayjs, Dayjs] }[] = [
  { label: '本月', value: [dayjs().startOf('month'), dayjs()] },
  {
    label: '本季度',
    value: [
      dayjs()
        .month(Math.floor(dayjs().month() / 3) * 3)
        .startOf('month'),
      dayjs(),
    ],
  },
  { label: '本年', value: [dayjs().startOf('year'), dayjs()] },
  { label: '近 12 个月', value: [dayjs().subtract(11, 'month').startOf('month'), dayjs()] },
];

/**
 * The big screen's theme: antd's dark algorithm, and light greys where the app's theme (ui-provider.tsx THEME) sets
 * black ones for AA contrast on white — inherited here they were black on navy (the date range's 开始日期 / 结束日期
 * could not be read). Each is ≥ 4.5:1 on the dark container (visualization.test.tsx checks it).
 */
export const SCREEN_THEME = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorTextDescription: 'rgba(255, 255, 255, 0.65)',
    colorTextSecondary: 'rgba(255, 255, 255, 0.7)',
    colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.6)',
    colorLink: '#69b1ff',
    colorLinkHover: '#91caff',
  },
};

/** The dark frame of the district screens: title, range (optional), street filter, exit; the panels as children. */
export function ScreenFrame({
  title,
  withRange = true,
  updatedAt,
  children,
}: {
  title: string;
  withRange?: boolean;
  updatedAt?: number;
  children: ReactNode;
}) {
  const { params, set } = useScreenParams();
  const navigate = useNavigate();
  const streets = useQuery(mapFiguresQuery({ measure: 'enterprises' }));
  const value: [Dayjs, Dayjs] | null = params.dateFrom && params.dateTo ? [dayjs(params.dateFrom), dayjs(params.dateTo)] : null;
  return (
    <ConfigProvider theme={SCREEN_THEME}>
      <section className="viz-screen" aria-label={title}>
        <div className="viz-head">
          <h1 className="viz-title">{title}</h1>
          <Space wrap size={8}>
            {withRange && (
              <DatePicker.RangePicker
                aria-label="日期范围"
                allowClear
                value={value}
                presets={PRESETS}
                placeholder={['开始日期', '结束日期']}
                onChange={(v) => set({ date_from: v?.[0]?.format('YYYY-MM-DD'), date_to: v?.[1]?.format('YYYY-MM-DD') })}
              />
            )}
            <Select
              aria-label="街道"
              style={{ width: 150 }}
              allowClear
              placeholder="全部街道"
              value={params.streetId}
              loading={streets.isPending}
              options={(streets.data?.streets ?? []).map((s) => ({ value: s.street_id, label: s.name }))}
              onChange={(v: number | undefined) => set({ street_id: v ? String(v) : undefined })}
            />
            {updatedAt ? (
              <span style={{ color: '#bfdcff', fontSize: 12 }}>
                更新于 {dayjs(updatedAt).format('HH:mm:ss')}（每分钟自动刷新）
              </span>
            ) : null}
            <Button onClick={() => void navigate('/work')}>退出大屏</Button>
          </Space>
        </div>
        {children}
      </section>
    </ConfigProvider>
  );
}

/** One dark panel with a title and a body that fills its share of the screen. */
export function Panel({
  title,
  extra,
  className = '',
  children,
}: {
  title: string;
  extra?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`viz-panel ${className}`} role="region" aria-label={title}>
      <h2 className="viz-panel-title">
        <span>{title}</span>
        {extra}
      </h2>
      <div className="viz-panel-body" tabIndex={0}>
        {children}
      </div>
    </div>
  );
}

export function ScreenEmpty({ text = '暂无数据' }: { text?: string }) {
  return <div className="viz-empty">{text}</div>;
}
