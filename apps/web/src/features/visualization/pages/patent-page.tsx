import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { RegionPatentStats } from '@ip/contract';
import { EChart, type EChartsCoreOption } from '../../../components/echart';
import { patentStatsQuery } from '../api';
import { DistrictMap } from '../components/district-map';
import { Panel, ScreenEmpty, ScreenFrame, useScreenParams } from '../components/screen-frame';

const AXIS = { axisLabel: { color: '#bfdcff' }, axisLine: { lineStyle: { color: '#3d6fb0' } } };
const SPLIT = { splitLine: { lineStyle: { color: '#173a66' } } };
const COLORS = ['#69b1ff', '#95de64', '#ffd666', '#ff9c6e', '#b37feb', '#5cdbd3', '#ff85c0', '#d3adf7'];

function pie(data: { name: string; count: number }[]): EChartsCoreOption | null {
  if (!data.some((d) => d.count)) return null;
  return {
    color: COLORS,
    tooltip: { trigger: 'item', formatter: '{b}：{c} 件（{d}%）' },
    legend: { bottom: 0, textStyle: { color: '#e6f4ff' } },
    series: [
      {
        type: 'pie',
        radius: ['35%', '62%'],
        center: ['50%', '44%'],
        label: { color: '#e6f4ff', formatter: '{b} {c}' },
        data: data.map((d) => ({ name: d.name, value: d.count })),
      },
    ],
  };
}

function bars(names: string[], values: number[], horizontal = false, color = '#40a9ff'): EChartsCoreOption | null {
  if (!values.some((v) => v)) return null;
  const cat = { type: 'category', data: names, ...AXIS, ...(horizontal ? { inverse: true } : {}) };
  const val = { type: 'value', minInterval: 1, ...AXIS, ...SPLIT };
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: horizontal ? 100 : 40, right: 28, top: 8, bottom: 24 },
    xAxis: horizontal ? val : cat,
    yAxis: horizontal ? cat : val,
    series: [
      {
        type: 'bar',
        data: values,
        color,
        barMaxWidth: 16,
        label: { show: true, position: horizontal ? 'right' : 'top', color: '#e6f4ff' },
      },
    ],
  };
}

const said = (xs: { name: string; count: number }[]) => xs.map((x) => `${x.name} ${x.count}`).join('，');

/** /visualization/Patent 专利可视化 (ADR 0051 §6): the district's patents; clicking a street filters every panel. */
export default function PatentVisualizationPage() {
  const { params, set } = useScreenParams();
  const q = useQuery(patentStatsQuery({ street_id: params.streetId }));
  const d: RegionPatentStats | undefined = q.data;
  const charts = useMemo(() => {
    if (!d) return null;
    const year = d.by_year.slice(-12);
    return {
      type: pie(d.by_type),
      status: pie(d.by_status),
      year: bars(
        year.map((y) => String(y.year)),
        year.map((y) => y.count),
      ),
      ipc: bars(
        d.by_ipc.map((x) => x.label),
        d.by_ipc.map((x) => x.count),
        true,
      ),
      street: bars(
        d.by_street.map((x) => x.name),
        d.by_street.map((x) => x.count),
        true,
        '#5cdbd3',
      ),
      grants:
        d.grants.this_year + d.grants.last_year
          ? {
              tooltip: { trigger: 'axis' },
              legend: { top: 0, textStyle: { color: '#e6f4ff' } },
              grid: { left: 36, right: 12, top: 28, bottom: 24 },
              xAxis: { type: 'category', data: d.grants.months.map((m) => `${m.month}月`), ...AXIS },
              yAxis: { type: 'value', minInterval: 1, ...AXIS, ...SPLIT },
              series: [
                {
                  name: `今年 ${d.grants.this_year} 件`,
                  type: 'bar',
                  color: '#ffd666',
                  data: d.grants.months.map((m) => m.this_year),
                },
                {
                  name: `去年 ${d.grants.last_year} 件`,
                  type: 'bar',
                  color: '#69b1ff',
                  data: d.grants.months.map((m) => m.last_year),
                },
              ],
            }
          : null,
    };
  }, [d]);
  const streetName = d?.by_street.find((s) => s.street_id === params.streetId)?.name;
  const scope = streetName ?? '全区';
  const empty = (text: string) => <ScreenEmpty text={q.isPending ? '加载中…' : text} />;
  const none = '暂无专利';

  return (
    <ScreenFrame
      title={`专利可视化 · ${scope}（共 ${d ? d.total.toLocaleString('zh-CN') : '…'} 件）`}
      withRange={false}
      updatedAt={q.dataUpdatedAt}
    >
      <div className="viz-body">
        <div className="viz-col">
          <Panel title="专利类型">
            {charts?.type ? <EChart option={charts.type} height="100%" label={`专利类型：${said(d!.by_type)}`} /> : empty(none)}
          </Panel>
          <Panel title="法律状态">
            {charts?.status ? (
              <EChart option={charts.status} height="100%" label={`法律状态：${said(d!.by_status)}`} />
            ) : (
              empty(none)
            )}
          </Panel>
          <Panel title="申请年份">
            {charts?.year ? (
              <EChart
                option={charts.year}
                height="100%"
                label={`申请年份：${d!.by_year.map((y) => `${y.year} 年 ${y.count}`).join('，')}`}
              />
            ) : (
              empty(none)
            )}
          </Panel>
        </div>
        <div className="viz-col">
          <Panel title="区域地图 · 有效发明" className="viz-grow viz-map">
            <DistrictMap
              dark
              measure="inventions"
              streetId={params.streetId}
              height="100%"
              onSelect={(id) => set({ street_id: id ? String(id) : undefined })}
            />
          </Panel>
          <Panel title={`授权对比：今年 ${d?.grants.this_year ?? 0} 件，去年 ${d?.grants.last_year ?? 0} 件`}>
            {charts?.grants ? (
              <EChart
                option={charts.grants}
                height="100%"
                label={`今年授权 ${d!.grants.this_year} 件，去年 ${d!.grants.last_year} 件`}
              />
            ) : (
              empty('今年和去年都没有授权')
            )}
          </Panel>
        </div>
        <div className="viz-col">
          <Panel title="IPC 部">
            {charts?.ipc ? (
              <EChart
                option={charts.ipc}
                height="100%"
                label={`IPC 部：${d!.by_ipc.map((x) => `${x.label} ${x.count}`).join('，')}`}
              />
            ) : (
              empty(none)
            )}
          </Panel>
          <Panel title="各街道专利">
            {charts?.street ? (
              <EChart option={charts.street} height="100%" label={`各街道专利：${said(d!.by_street)}`} />
            ) : (
              empty(none)
            )}
          </Panel>
          <Panel title="申请人排行">
            {d?.top_applicants.length ? (
              <ol className="viz-list" data-testid="top-applicants">
                {d.top_applicants.map((a) => (
                  <li key={a.id}>
                    <span title={a.company_name}>{a.company_name}</span>
                    <span>
                      {a.count} 件（发明 {a.inventions}）
                    </span>
                  </li>
                ))}
              </ol>
            ) : (
              empty(none)
            )}
          </Panel>
        </div>
      </div>
    </ScreenFrame>
  );
}
