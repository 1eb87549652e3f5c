import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MapInfo, RegionCenter, RegionPatentStats } from '@ip/contract';
import { setToken } from '../../lib/storage';
import { makeUser, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { theme } from 'antd';
import { THEME_TOKENS } from '../../lib/ui-provider';
import { SCREEN_THEME } from './components/screen-frame';

// /visualization, /visualization/Patent (main account) and /system 地图边界 (administrator), ADR 0051, against a
// mocked network: the panels' figures, the street filter in the address and on every call, empty states, the upload.

type Handler = (c: RecordedCall) => { status?: number; data: unknown } | undefined;
const MAIN = makeUser({ is_news: 1, com_id: 0, is_admin: 0, name: '企业服务中心' });
const ADMIN = makeUser({ is_admin: 1, name: '系统管理员' });

function serve(user: ReturnType<typeof makeUser>, extra: Handler) {
  setToken('tok');
  return mockNetwork((c) => extra(c) ?? (c.url === '/v1/user/info' ? ok(user) : ok(null)));
}
const paramsOf = (c: RecordedCall) => (c.config.params ?? c.body ?? {}) as Record<string, unknown>;

const STREETS = [
  { street_id: 1, name: '高新街道', value: 5, on_map: true },
  { street_id: 2, name: '科创街道', value: 2, on_map: true },
];
const square = (x: number) => [
  [
    [x, 30],
    [x + 0.1, 30],
    [x + 0.1, 30.1],
    [x, 30.1],
    [x, 30],
  ],
];
const GEO = {
  version: 'v1',
  source: 'demo',
  name: '示例',
  geojson: {
    type: 'FeatureCollection',
    features: STREETS.map((s, i) => ({
      type: 'Feature',
      properties: { name: s.name },
      geometry: { type: 'Polygon', coordinates: square(120 + i / 10) },
    })),
  },
};
const figures = (street?: number) => {
  const k = street === 2 ? 1 : street === 1 ? 4 : 5;
  return {
    enterprises: k,
    patents: 10 * k,
    valid_patents: 8 * k,
    inventions: 3 * k,
    visits: 2 * k,
    demands: k,
    open_demands: k,
    red_demands: street === 2 ? 0 : 1,
  };
};

const ZERO = {
  enterprises: 0,
  patents: 0,
  valid_patents: 0,
  inventions: 0,
  visits: 0,
  demands: 0,
  open_demands: 0,
  red_demands: 0,
};

function dashboard(empty = false): Handler {
  return (c) => {
    const p = paramsOf(c);
    const street = p.street_id as number | undefined;
    const f = empty ? ZERO : figures(street);
    const range = { date_from: '2026-01-01', date_to: '2026-06-15' };
    switch (c.url) {
      case '/v1/region/getmap':
        return p.part === 'boundaries'
          ? ok(GEO)
          : ok({
              ...range,
              version: 'v1',
              measure: p.measure,
              label: '企业数',
              streets: empty ? STREETS.map((s) => ({ ...s, value: 0 })) : STREETS,
            });
      case '/v1/region/getSixList':
        return ok({
          ...range,
          street_id: street ?? null,
          list: [
            { key: 'enterprises', label: '服务企业', value: f.enterprises },
            { key: 'valid_patents', label: '有效专利', value: f.valid_patents },
            { key: 'inventions', label: '有效发明', value: f.inventions },
            { key: 'visits', label: '走访次数', value: f.visits },
            { key: 'demands', label: '新增需求', value: f.demands },
            { key: 'red_demands', label: '红灯需求', value: f.red_demands },
          ],
        });
      case '/v1/region/getleftlist':
        return ok({
          ...range,
          street_id: street ?? null,
          months: [{ month: '2026-01', filings: empty ? 0 : 2, grants: 0, visits: 0, demands: 0 }],
        });
      case '/v1/region/center': {
        const center: RegionCenter = {
          ...range,
          street_id: street ?? null,
          figures: f,
          demand_states: [{ status: 'registered', label: '待分派', count: f.demands }],
          lights: { red: f.red_demands, yellow: 0, green: 1 },
          top_enterprises: empty
            ? []
            : [
                {
                  id: 1,
                  company_name: street === 2 ? '科创甲公司' : '高新甲公司',
                  street_name: '',
                  valid_patents: 3,
                  inventions: 1,
                },
              ],
        };
        return ok(center);
      }
      case '/v1/region/rankList_two':
        return ok({
          ...range,
          measure: p.measure,
          label: '企业数',
          list: STREETS.map((s, i) => ({ rank: i + 1, street_id: s.street_id, name: s.name, value: empty ? 0 : s.value })),
        });
      default:
        return undefined;
    }
  };
}

beforeAll(async () => {
  await import('./pages/visualization-page');
  await import('./pages/patent-page');
}, 120_000);

describe('/visualization 可视化总览', () => {
  it('shows the six figures, the panels, and filters every call by the chosen street', { timeout: 120_000 }, async () => {
    const net = serve(MAIN, dashboard());
    renderApp('/visualization');
    const six = await screen.findByRole('list', { name: '关键指标' }, { timeout: 60_000 });
    await waitFor(() => expect(within(six).getByText('40')).toBeTruthy(), { timeout: 20_000 });
    expect(await screen.findByText('高新甲公司')).toBeTruthy();
    expect(screen.getByText('红灯 1')).toBeTruthy();
    expect(await screen.findByRole('img', { name: /街道排名：1\. 高新街道 5，2\. 科创街道 2/ })).toBeTruthy();
    expect(
      await screen.findByRole('img', { name: /区域地图（企业数）：高新街道 5，科创街道 2/ }, { timeout: 20_000 }),
    ).toBeTruthy();
    // choose a street (the keyboard way; the map click does the same in the browser test)
    await userEvent.click(screen.getByRole('combobox', { name: '街道' }));
    await userEvent.click(await screen.findByTitle('科创街道'));
    expect(await screen.findByText('科创甲公司', undefined, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /科创街道/, level: 1 })).toBeTruthy();
    for (const url of ['/v1/region/getSixList', '/v1/region/getleftlist', '/v1/region/center']) {
      const last = net.calls.filter((c) => c.url === url).at(-1)!;
      expect(paramsOf(last).street_id, url).toBe(2);
    }
    expect(screen.getByText('红灯 0')).toBeTruthy();
  });

  it('an empty district shows friendly empty states', { timeout: 120_000 }, async () => {
    serve(MAIN, dashboard(true));
    renderApp('/visualization');
    expect(await screen.findByText('所选时段暂无专利、走访或需求', undefined, { timeout: 20_000 })).toBeTruthy();
    expect(await screen.findByText('各街道暂无该指标的数据')).toBeTruthy();
    expect(screen.getByText('暂无有效专利')).toBeTruthy();
  });

  it('fetches the boundaries beside the figures, and a newer map when the figures name one', { timeout: 120_000 }, async () => {
    const base = dashboard();
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    let served = 0;
    setToken('tok');
    const net = mockNetwork(async (c) => {
      if (c.url === '/v1/region/getmap' && paramsOf(c).part !== 'boundaries') {
        await held; // the figures answer only once the boundaries were asked for
        const answer = base(c)!;
        const envelope = answer.data as { data: object };
        return { ...answer, data: { ...envelope, data: { ...envelope.data, version: 'v2' } } };
      }
      if (c.url === '/v1/region/getmap') return ok({ ...GEO, version: served++ ? 'v2' : 'v1' });
      return base(c) ?? (c.url === '/v1/user/info' ? ok(MAIN) : ok(null));
    });
    renderApp('/visualization');
    const boundaryCalls = () => net.calls.filter((c) => c.url === '/v1/region/getmap' && paramsOf(c).part === 'boundaries');
    await waitFor(() => expect(boundaryCalls().length).toBe(1), { timeout: 60_000 });
    release();
    // the figures name v2, the first boundaries were v1: one more fetch, then the map is drawn
    expect(
      await screen.findByRole('img', { name: /区域地图（企业数）：高新街道 5，科创街道 2/ }, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(boundaryCalls().length).toBe(2);
  });

  it('a district with no streets yet says so on the map, readable on the dark screen', { timeout: 120_000 }, async () => {
    const empty = dashboard(true);
    serve(MAIN, (c) => {
      const answer = empty(c);
      if (c.url !== '/v1/region/getmap' || paramsOf(c).part === 'boundaries' || !answer) return answer;
      const envelope = answer.data as { data: object };
      return { ...answer, data: { ...envelope, data: { ...envelope.data, streets: [] } } };
    });
    renderApp('/visualization');
    const text = await screen.findByText('还没有街道：请管理员在系统管理中添加街道', undefined, { timeout: 20_000 });
    expect(text.style.color).toBe('rgb(230, 244, 255)');
  });
});

describe('/visualization/Patent 专利可视化', () => {
  it('shows the breakdowns and the grants of this year against last year', { timeout: 120_000 }, async () => {
    const stats: RegionPatentStats = {
      street_id: null,
      total: 12,
      by_type: [
        { name: '发明', count: 7 },
        { name: '实用新型', count: 5 },
      ],
      by_year: [{ year: 2025, count: 12 }],
      by_ipc: [{ section: 'G', label: 'G 物理', count: 6 }],
      by_status: [
        { name: '有权', count: 9 },
        { name: '审中', count: 3 },
      ],
      by_street: [{ street_id: 1, name: '高新街道', count: 12, inventions: 7 }],
      top_applicants: [{ id: 1, company_name: '专利甲公司', street_name: '高新街道', count: 12, inventions: 7 }],
      grants: {
        this_year: 4,
        last_year: 2,
        months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, this_year: i === 0 ? 4 : 0, last_year: i === 1 ? 2 : 0 })),
      },
    };
    serve(MAIN, (c) => (c.url === '/v1/region/patent' ? ok(stats) : dashboard()(c)));
    renderApp('/visualization/Patent');
    expect(
      await screen.findByRole('heading', { name: '专利可视化 · 全区（共 12 件）', level: 1 }, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: '专利类型：发明 7，实用新型 5' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '今年授权 4 件，去年 2 件' })).toBeTruthy();
    expect(screen.getByText('专利甲公司')).toBeTruthy();
  });
});

describe('/system 地图边界', () => {
  it('uploads a GeoJSON, shows the match report, and says why a bad file is refused', { timeout: 120_000 }, async () => {
    const demo: MapInfo = {
      source: 'demo',
      name: '示例高新区（演示边界）',
      version: 'd',
      features: 10,
      updated_at: null,
      matched: ['高新街道'],
      unmatched_features: [],
      missing_streets: [],
    };
    const uploaded: MapInfo = {
      ...demo,
      source: 'upload',
      name: '真实边界',
      features: 2,
      matched: ['高新街道'],
      unmatched_features: ['湖滨片区'],
      missing_streets: ['科创街道'],
    };
    let refuse = true;
    const net = serve(ADMIN, (c) => {
      if (c.url === '/v1/region/mapinfo') return ok(demo);
      if (c.url === '/v1/region/mapupload')
        return refuse ? { status: 400, data: { code: 0, msg: '第 1 个区域缺少名称（properties.name）' } } : ok(uploaded);
      if (c.url === '/v1/system/storage') return { status: 500, data: { code: 0, msg: '存储统计不在本测试中' } };
      return undefined;
    });
    renderApp('/system');
    await userEvent.click(await screen.findByRole('tab', { name: '地图边界' }, { timeout: 20_000 }));
    expect(await screen.findByText('示例高新区（演示边界）', undefined, { timeout: 20_000 })).toBeTruthy();
    const input = () => document.querySelector('input[type=file]') as HTMLInputElement;
    const file = (text: string) => new File([text], 'map.json', { type: 'application/json' });
    fireEvent.change(input(), { target: { files: [file('not json')] } });
    expect(await screen.findByText('文件不是有效的 JSON，请上传 GeoJSON 文件（.json / .geojson）')).toBeTruthy();
    fireEvent.change(input(), { target: { files: [file('{"type":"FeatureCollection","features":[]}')] } });
    expect(await screen.findByText('第 1 个区域缺少名称（properties.name）')).toBeTruthy();
    refuse = false;
    await userEvent.type(screen.getByRole('textbox', { name: '地图名称' }), '真实边界');
    fireEvent.change(input(), { target: { files: [file('{"type":"FeatureCollection","features":[]}')] } });
    expect(await screen.findByText('湖滨片区')).toBeTruthy();
    const sent = net.calls.filter((c) => c.url === '/v1/region/mapupload').at(-1)!;
    expect((sent.body as { name: string }).name).toBe('真实边界');
    expect(screen.getByText('科创街道')).toBeTruthy();
  });
});

describe('the big screen theme', () => {
  /** WCAG 2.1 contrast of a colour (rgba or #rrggbb) laid over an opaque background. */
  function contrast(fg: string, bg: string): number {
    const rgb = (c: string) => {
      const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)/.exec(c);
      if (m) return { c: [Number(m[1]), Number(m[2]), Number(m[3])], a: m[4] === undefined ? 1 : Number(m[4]) };
      const h = c.replace('#', '');
      return { c: [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)), a: 1 };
    };
    const f = rgb(fg);
    const b = rgb(bg).c;
    const blended = f.c.map((v, i) => v * f.a + b[i] * (1 - f.a));
    const lum = (c: number[]) => {
      const [r, g, bl] = c.map((v) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
    };
    const [hi, lo] = [lum(blended), lum(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  }

  it('keeps placeholders, secondary text and links at AA contrast on the dark controls and panels', () => {
    // What the screen's controls get: the app's tokens (the outer ConfigProvider), then the screen's over them.
    const dark = theme.getDesignToken({ algorithm: theme.darkAlgorithm });
    const effective: Record<string, unknown> = { ...THEME_TOKENS, ...SCREEN_THEME.token };
    const text = Object.keys(THEME_TOKENS).filter((k) => /^colorText|^colorLink/.test(k));
    expect(text.length).toBeGreaterThanOrEqual(6);
    for (const bg of [dark.colorBgContainer, dark.colorBgElevated, '#071a33']) {
      for (const key of text) {
        expect(contrast(String(effective[key]), bg), `${key} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
