import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Select, Table } from 'antd';
import {
  REGION_FIGURE_LABELS,
  REGION_MEASURE_LABELS,
  REGION_MEASURES,
  type RegionMeasure,
  type StreetFigures,
} from '@ip/contract';
import { EChart, type EChartsCoreOption } from '../../../components/echart';
import { centerAreaQuery, centerQuery, leftListQuery, rankListQuery, sixListQuery } from '../api';
import { DistrictMap } from '../components/district-map';
import { Panel, ScreenEmpty, ScreenFrame, useScreenParams } from '../components/screen-frame';

const AXIS = { axisLabel: { color: '#bfdcff' }, axisLine: { lineStyle: { color: '#3d6fb0' } } };
const SPLIT = { splitLine: { lineStyle: { color: '#173a66' } } };
const COLORS = ['#69b1ff', '#95de64', '#ffd666', '#ff9c6e'];

const fmt = (n: number) => n.toLocaleString('zh-CN');

/** /visualization 可视化总览: the district's big screen (ADR 0051 §5). Clicking a street filters every panel to it. */
export default function VisualizationPage() {
  const { params, set, query } = useScreenParams();
  const six = useQuery(sixListQuery(query));
  const left = useQuery(leftListQuery(query));
  const center = useQuery(centerQuery(query));
  const rank = useQuery(rankListQuery({ date_from: params.dateFrom, date_to: params.dateTo, measure: params.measure }));
  const [tableOpen, setTableOpen] = useState(false);
  const area = useQuery({ ...centerAreaQuery(query), enabled: tableOpen });

  const trend = useMemo<EChartsCoreOption | null>(() => {
    const months = left.data?.months ?? [];
    if (!months.some((m) => m.filings || m.grants || m.visits || m.demands)) return null;
    const series = (['filings', 'grants', 'visits', 'demands'] as const).map((k, i) => ({
      name: { filings: '专利申请', grants: '专利授权', visits: '走访', demands: '需求' }[k],
      type: 'line',
      smooth: true,
      color: COLORS[i],
      data: months.map((m) => m[k]),
    }));
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0, textStyle: { color: '#e6f4ff' } },
      grid: { left: 36, right: 12, top: 28, bottom: 24 },
      xAxis: { type: 'category', data: months.map((m) => m.month.slice(2)), ...AXIS },
      yAxis: { type: 'value', minInterval: 1, ...AXIS, ...SPLIT },
      series,
    };
  }, [left.data]);

  const states = useMemo<EChartsCoreOption | null>(() => {
    const s = center.data?.demand_states ?? [];
    if (!s.some((x) => x.count)) return null;
    return {
      tooltip: { trigger: 'axis' },
      // Room at the right for the longest bar's count (it sits past the bar's end).
      grid: { left: 56, right: 48, top: 4, bottom: 20 },
      xAxis: { type: 'value', minInterval: 1, ...AXIS, ...SPLIT },
      yAxis: { type: 'category', data: s.map((x) => x.label), inverse: true, ...AXIS },
      series: [
        {
          type: 'bar',
          data: s.map((x) => x.count),
          color: '#69b1ff',
          barMaxWidth: 14,
          label: { show: true, position: 'right', color: '#e6f4ff' },
        },
      ],
    };
  }, [center.data]);

  const ranking = useMemo<EChartsCoreOption | null>(() => {
    const list = rank.data?.list ?? [];
    if (!list.some((r) => r.value)) return null;
    return {
      tooltip: { trigger: 'axis' },
      grid: { left: 64, right: 32, top: 4, bottom: 20 },
      xAxis: { type: 'value', minInterval: 1, ...AXIS, ...SPLIT },
      yAxis: { type: 'category', data: list.map((r) => r.name), inverse: true, ...AXIS },
      series: [
        {
          type: 'bar',
          barMaxWidth: 12,
          label: { show: true, position: 'right', color: '#e6f4ff' },
          data: list.map((r) => ({
            value: r.value,
            itemStyle: { color: r.street_id === params.streetId ? '#ffc53d' : '#40a9ff' },
          })),
        },
      ],
    };
  }, [rank.data, params.streetId]);

  const streetName = useMemo(
    () => rank.data?.list.find((r) => r.street_id === params.streetId)?.name,
    [rank.data, params.streetId],
  );
  const f = center.data?.figures;
  const lights = center.data?.lights;
  const updatedAt = Math.max(six.dataUpdatedAt, center.dataUpdatedAt, left.dataUpdatedAt);
  const scope = streetName ?? '全区';

  return (
    <ScreenFrame title={`区域知识产权可视化大屏 · ${scope}`} updatedAt={updatedAt}>
      <div className="viz-six" role="list" aria-label="关键指标">
        {(six.data?.list ?? []).map((x) => (
          <div className="viz-figure" role="listitem" key={x.key} data-figure={x.key}>
            <div className="viz-figure-label">{x.label}</div>
            <div className="viz-figure-value">{fmt(x.value)}</div>
          </div>
        ))}
        {six.isPending && <div className="viz-figure">加载中…</div>}
      </div>
      <div className="viz-body">
        <div className="viz-col">
          <Panel title="月度趋势">
            {trend ? (
              <EChart option={trend} height="100%" label={`月度趋势（${scope}）`} />
            ) : (
              <ScreenEmpty text={left.isPending ? '加载中…' : '所选时段暂无专利、走访或需求'} />
            )}
          </Panel>
          <Panel title="需求状态与红黄绿灯">
            {lights && (
              <div className="viz-lights" aria-label="在办需求红黄绿灯">
                <span className="viz-light" style={{ background: '#ff7875' }}>
                  红灯 {lights.red}
                </span>
                <span className="viz-light" style={{ background: '#ffd666' }}>
                  黄灯 {lights.yellow}
                </span>
                <span className="viz-light" style={{ background: '#95de64' }}>
                  绿灯 {lights.green}
                </span>
              </div>
            )}
            {states ? (
              <EChart
                option={states}
                height={160}
                label={`需求状态：${(center.data?.demand_states ?? []).map((s) => `${s.label} ${s.count}`).join('，')}`}
              />
            ) : (
              <ScreenEmpty text={center.isPending ? '加载中…' : '所选时段暂无新增需求'} />
            )}
          </Panel>
        </div>
        <div className="viz-col">
          <Panel
            title={`区域地图 · ${REGION_MEASURE_LABELS[params.measure]}`}
            className="viz-grow viz-map"
            extra={
              <Select<RegionMeasure>
                size="small"
                aria-label="地图指标"
                style={{ width: 110 }}
                value={params.measure}
                options={REGION_MEASURES.map((m) => ({ value: m, label: REGION_MEASURE_LABELS[m] }))}
                onChange={(m) => set({ measure: m })}
              />
            }
          >
            <DistrictMap
              dark
              measure={params.measure}
              streetId={params.streetId}
              dateFrom={params.dateFrom}
              dateTo={params.dateTo}
              height="100%"
              onSelect={(id) => set({ street_id: id ? String(id) : undefined })}
            />
          </Panel>
          <Panel
            title={`${scope}关键数据`}
            extra={
              <Button size="small" onClick={() => setTableOpen(true)}>
                街道数据表
              </Button>
            }
          >
            {f ? (
              <div className="viz-six" data-testid="center-figures">
                {(['patents', 'valid_patents', 'inventions', 'visits', 'open_demands', 'enterprises'] as const).map((k) => (
                  <div className="viz-figure" key={k} data-figure={k}>
                    <div className="viz-figure-label">{REGION_FIGURE_LABELS[k]}</div>
                    <div className="viz-figure-value">{fmt(f[k])}</div>
                  </div>
                ))}
              </div>
            ) : (
              <ScreenEmpty text="加载中…" />
            )}
          </Panel>
        </div>
        <div className="viz-col">
          <Panel title={`街道排名 · ${rank.data?.label ?? REGION_MEASURE_LABELS[params.measure]}`} className="viz-grow">
            {ranking ? (
              <EChart
                option={ranking}
                height="100%"
                label={`街道排名：${(rank.data?.list ?? []).map((r) => `${r.rank}. ${r.name} ${r.value}`).join('，')}`}
              />
            ) : (
              <ScreenEmpty text={rank.isPending ? '加载中…' : '各街道暂无该指标的数据'} />
            )}
          </Panel>
          <Panel title="有效专利最多的企业">
            {center.data?.top_enterprises.length ? (
              <ol className="viz-list" data-testid="top-enterprises">
                {center.data.top_enterprises.map((e) => (
                  <li key={e.id}>
                    <span title={e.company_name}>{e.company_name}</span>
                    <span>
                      {e.valid_patents} 件（发明 {e.inventions}）
                    </span>
                  </li>
                ))}
              </ol>
            ) : (
              <ScreenEmpty text={center.isPending ? '加载中…' : '暂无有效专利'} />
            )}
          </Panel>
        </div>
      </div>
      <Modal title="各街道关键数据" open={tableOpen} onCancel={() => setTableOpen(false)} footer={null} width={900}>
        <Table<StreetFigures>
          size="small"
          rowKey="street_id"
          loading={area.isPending}
          dataSource={area.data?.list ?? []}
          pagination={false}
          scroll={{ x: 800 }}
          columns={[
            { title: '街道', dataIndex: 'name', fixed: 'left' },
            ...(Object.keys(REGION_FIGURE_LABELS) as (keyof typeof REGION_FIGURE_LABELS)[]).map((k) => ({
              title: REGION_FIGURE_LABELS[k],
              dataIndex: k,
              align: 'right' as const,
              sorter: (a: StreetFigures, b: StreetFigures) => a[k] - b[k],
            })),
          ]}
        />
      </Modal>
    </ScreenFrame>
  );
}
