import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MonitorCompare, MonitorHit, MonitorRule } from '@ip/contract';
import { setToken } from '../../lib/storage';
import { makeUser, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { buttonByText } from '../../test/queries';
import { renderApp } from '../../test/render-app';

const RULE: MonitorRule = {
  id: 7,
  name: '竞争对手：甲科技',
  kind: 'applicant',
  value: '甲科技有限公司',
  enabled: true,
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
  last_run_at: '2026-03-14T18:30:00.000Z',
  hits: 2,
  unread: 1,
};
const hit = (id: number, read: boolean): MonitorHit => ({
  id,
  rule_id: 7,
  rule_name: RULE.name,
  patent_id: 40 + id,
  event: id === 1 ? 'publication' : 'grant',
  event_date: `2026-03-1${id}`,
  detail: '公开 CN120000001A',
  found_at: '2026-03-15T00:00:00.000Z',
  read,
  title: `一种图像识别方法${id}`,
  an: 'CN202610000001.X',
  pn: 'CN120000001A',
  first_applicant: '甲科技有限公司',
  type: '发明',
  legal_status: '审中',
  ipc_main: 'G06F18/24',
});

function network(calls: RecordedCall[]) {
  mockNetwork((c) => {
    calls.push(c);
    if (c.url === '/v1/user/info') return ok(makeUser({ name: '张经理' }));
    if (c.url === '/v1/frontend/monitor/rule/index') return ok({ list: [RULE], max: 50 });
    if (c.url === '/v1/frontend/monitor/hits')
      return ok({ total: 2, unread: 1, page: 1, page_size: 20, list: [hit(1, false), hit(2, true)] });
    if (c.url === '/v1/frontend/monitor/rule/create') return ok({ ...RULE, id: 8 });
    if (c.url === '/v1/frontend/monitor/rule/delete') return ok(null);
    if (c.url === '/v1/frontend/monitor/hit/read') return ok({ updated: 1 });
    if (c.url === '/v1/frontend/monitor/rule/timeline')
      return ok({ rule: RULE, months: [{ month: '2026-03', publication: 1, grant: 1, status: 0 }] });
    if (c.url === '/v1/frontend/monitor/rule/compare') {
      const cmp: MonitorCompare = {
        rule: RULE,
        competitor: { name: RULE.value, total: 12 },
        company: { name: '示例科技有限公司', total: 30 },
        years: [{ key: '2025', competitor: 5, company: 9 }],
        ipc_sections: [{ key: 'G', competitor: 7, company: 20 }],
        ipc_classes: [{ key: 'G06F', competitor: 7, company: 20 }],
        types: [{ key: '发明', competitor: 12, company: 25 }],
        legal_status: [{ key: '有权', competitor: 6, company: 22 }],
      };
      return ok(cmp);
    }
    return ok(null);
  });
}

describe('/early', () => {
  it('lists the rules and the hits, each linking to its rule, the comparison and the patent', async () => {
    setToken('tok');
    const calls: RecordedCall[] = [];
    network(calls);
    renderApp('/early');
    const ruleLinks = await screen.findAllByRole('link', { name: RULE.name }, { timeout: 45_000 });
    expect(ruleLinks[0].getAttribute('href')).toBe('/compdetail?id=7');
    expect((await screen.findByRole('link', { name: '一种图像识别方法1' })).getAttribute('href')).toBe('/detail?id=41');
    expect(screen.getByText('未读 1 条')).toBeTruthy();

    expect(buttonByText('新增规则')).toBeTruthy();
    expect(screen.getByRole('link', { name: '对比' }).getAttribute('href')).toBe('/cutDetails?id=7');
  }, 120_000);
});

describe('/early rule dialog', () => {
  it('adds a rule by clicking through the dialog: required fields, type, the server’s expression error, 保存', async () => {
    setToken('tok');
    const calls: RecordedCall[] = [];
    let creates = 0;
    mockNetwork((c) => {
      if (c.url === '/v1/frontend/monitor/rule/create') {
        calls.push(c);
        creates++;
        // The first expression is refused by the server with its position; the corrected one is saved.
        return creates === 1
          ? { status: 400, data: { code: 0, msg: '检索式有误：第 9 个字符处缺少右括号' } }
          : ok({ ...RULE, id: 8, kind: 'expression', name: '锂电池正极', value: 'TI=(锂电池 AND 正极)' });
      }
      if (c.url === '/v1/user/info') return ok(makeUser({ name: '张经理' }));
      if (c.url === '/v1/frontend/monitor/rule/index') return ok({ list: [RULE], max: 50 });
      if (c.url === '/v1/frontend/monitor/hits') return ok({ total: 0, unread: 0, page: 1, page_size: 20, list: [] });
      return ok(null);
    });
    const user = userEvent.setup();
    renderApp('/early');
    await user.click(await waitFor(() => buttonByText('新增规则'), { timeout: 45_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新增监控规则')).toBeTruthy();
    // 保存 with nothing filled: the form says what is missing and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请填写规则名称')).toBeTruthy();
    expect(within(dialog).getByText('请填写监控内容')).toBeTruthy();
    expect(calls).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('规则名称'), '锂电池正极');
    await user.click(within(dialog).getByLabelText('监控类型'));
    await user.click(await screen.findByTitle('检索式'));
    const value = within(dialog).getByLabelText('监控内容');
    expect(value.getAttribute('placeholder')).toContain('检索式');
    await user.type(value, 'TI=(锂电池 AND 正极');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ name: '锂电池正极', kind: 'expression', value: 'TI=(锂电池 AND 正极', enabled: true });
    // Refused: the dialog stays open with what was typed, to be corrected.
    expect(await screen.findByText('检索式有误：第 9 个字符处缺少右括号')).toBeTruthy();
    expect(within(dialog).getByText('新增监控规则')).toBeTruthy();
    expect(dialog.isConnected).toBe(true);
    await user.type(value, ')');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.body).toMatchObject({ kind: 'expression', value: 'TI=(锂电池 AND 正极)' });
    expect(await screen.findByText(/已新增监控规则/)).toBeTruthy();
  }, 120_000);
});

describe('/compdetail and /cutDetails', () => {
  it('shows one rule with its chart and hits', async () => {
    setToken('tok');
    const calls: RecordedCall[] = [];
    network(calls);
    renderApp('/compdetail?id=7');
    expect(await screen.findByText(`监控规则：${RULE.name}`, {}, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByRole('img', { name: /监控结果按月统计：2026-03/ })).toBeTruthy();
    expect((await screen.findByRole('link', { name: '一种图像识别方法2' })).getAttribute('href')).toBe('/detail?id=42');
    expect(calls.find((c) => c.url === '/v1/frontend/monitor/hits')!.body).toMatchObject({ rule_id: 7 });
  }, 60_000);

  it('shows the competitor beside the company, as charts and tables', async () => {
    setToken('tok');
    network([]);
    renderApp('/cutDetails?id=7');
    expect(await screen.findByText(`竞争对手：${RULE.value}`, {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('img', { name: /按申请年份对比.*2025：5 \/ 9/ })).toBeTruthy();
    expect(screen.getAllByText('G 物理').length).toBeGreaterThan(0);
  }, 60_000);
});
