import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { STORAGE_KEYS, type VisitCalendarEntry } from '@ip/contract';
import WaitvisitPage from './pages/waitvisit-page';
import WorkVisitPage from './pages/work-visit-page';
import AddWaitvisitPage from './pages/add-waitvisit-page';
import { addDays, shanghaiToday } from './api';
import { retryPolicy } from './send-with-retry';
import { LocationProbe, makeUser, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { buttonByText } from '../../test/queries';
import { renderWithProviders } from '../../test/render';

// ADR 0044: the three mobile visit pages against a mocked network, with a field token of staff member 7.

const STAFF = makeUser({ id: 7, name: '外勤小王', is_news: 1, com_id: 3 });
const today = shanghaiToday();

function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/web/small/Waitvisit" element={<WaitvisitPage />} />
        <Route path="/web/small/workVisit" element={<WorkVisitPage />} />
        <Route path="/web/addWaitvisit" element={<AddWaitvisitPage />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    [path],
  );
}

const entry = (patch: Partial<VisitCalendarEntry>): VisitCalendarEntry => ({
  id: 1,
  status: 'plan',
  day: today,
  plan_time: '09:30',
  company_id: 11,
  company_name: '示例科技有限公司',
  staff_id: 7,
  staff_name: '外勤小王',
  purpose: '了解专利布局',
  follow_open: false,
  ...patch,
});

const emptyList = { list: [], total: 0, page: 1, page_size: 10 };
const networkDown = () => Object.assign(new Error('Network Error'), { code: 'ERR_NETWORK' });

/** Answers the session and list calls; `more` answers the rest (undefined: ok(null)). */
function network(more: (c: RecordedCall) => ReturnType<typeof ok> | Error | undefined = () => undefined) {
  return mockNetwork((c) => {
    if (c.url === '/v1/user/info') return ok(STAFF);
    const m = more(c);
    if (m) return m;
    if (c.url === '/v1/visit/index') return ok(emptyList);
    if (c.url === '/v1/company/seachCompany') return ok([{ id: 11, company_name: '示例科技有限公司', num: 12 }]);
    return ok(null);
  });
}

async function pickCompany(user: ReturnType<typeof userEvent.setup>) {
  const box = screen.getByRole('combobox', { name: '走访企业' });
  await user.click(box);
  await user.type(box, '示例');
  await user.click(await screen.findByTitle('示例科技有限公司', undefined, { timeout: 5000 }));
}

beforeEach(() => {
  window.sessionStorage.setItem(STORAGE_KEYS.visitorToken, 'field-tok');
  retryPolicy.delaysMs = [0, 0, 0];
});
afterEach(() => {
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  retryPolicy.delaysMs = [1000, 2000, 4000];
});

describe('/web/small/Waitvisit', () => {
  it("lists the user's overdue, today's and upcoming plans from the calendar and opens one's record form", async () => {
    const net = network((c) =>
      c.url === '/v1/visit/calendar'
        ? ok([
            entry({ id: 1, day: addDays(today, -2), company_name: '逾期企业有限公司' }),
            entry({ id: 2 }),
            entry({ id: 3, status: 'done', company_name: '已走访企业' }),
            entry({ id: 4, day: addDays(today, 3), company_name: '下周企业有限公司', plan_time: '' }),
          ])
        : undefined,
    );
    renderAt('/web/small/Waitvisit');
    expect(await screen.findByRole('heading', { name: '今天（1）' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '已逾期（1）' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '即将走访（1）' })).toBeTruthy();
    expect(screen.queryByText('已走访企业')).toBeNull();
    const cal = net.calls.find((c) => c.url === '/v1/visit/calendar')!;
    expect(cal.config.params).toMatchObject({ from: addDays(today, -14), to: addDays(today, 30), staff_id: 7 });
    expect(cal.headers.Authorization).toBe('Bearer field-tok');
    const plan = screen.getByText('示例科技有限公司').closest('button')!;
    expect(plan.textContent).toMatch(/^示例科技有限公司.*点击登记走访/);
    await userEvent.setup().click(plan);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/web/small/workVisit?id=2'));
  });

  it('shows an empty state with a way to plan one', async () => {
    network((c) => (c.url === '/v1/visit/calendar' ? ok([]) : undefined));
    renderAt('/web/small/Waitvisit');
    expect(await screen.findByText('暂无待走访')).toBeTruthy();
    await userEvent.setup().click(buttonByText('发起待走访'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/web/addWaitvisit'));
  });
});

describe('/web/small/workVisit', () => {
  it('checks the form before sending anything', async () => {
    const net = network();
    renderAt('/web/small/workVisit');
    const user = userEvent.setup();
    await user.click(await waitFor(() => buttonByText('保存走访记录')));
    expect(await screen.findByText('请选择走访企业')).toBeTruthy();
    expect(screen.getByText('请填写接待人员')).toBeTruthy();
    expect(screen.getByText('请填写走访内容')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('走访日期'), { target: { value: addDays(today, 1) } });
    expect(await screen.findByText('走访日期不能晚于今天')).toBeTruthy();
    expect(net.calls.filter((c) => c.url === '/v1/visit/createVisit')).toHaveLength(0);
  });

  it('refuses a non-image and a 20 MB photo before upload, and uploads an image with a progress bar', async () => {
    let release: () => void = () => {};
    const net = network((c) => {
      if (c.url !== '/v1/common/file') return undefined;
      return new Promise((resolve) => {
        c.config.onUploadProgress?.({ loaded: 40, total: 100, bytes: 40, lengthComputable: true } as never);
        release = () => resolve(ok({ id: 501, url: '/v1/common/file/501', name: 'a.png', size: 100 }));
      }) as never;
    });
    renderAt('/web/small/workVisit');
    const input = (await screen.findByLabelText('拍照或选择照片')) as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toContain('只能上传图片');
    const big = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 });
    await user.upload(input, big);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('照片不能超过 20 MB'));
    expect(net.calls.filter((c) => c.url === '/v1/common/file')).toHaveLength(0);
    await user.upload(input, new File([new Uint8Array(100)], 'a.png', { type: 'image/png' }));
    const bar = await screen.findByRole('progressbar', { name: 'a.png 上传进度' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    release();
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'a.png 上传进度' }).getAttribute('aria-valuenow')).toBe('100'),
    );
    expect(net.calls.filter((c) => c.url === '/v1/common/file')).toHaveLength(1);
  });

  it('retries a record after a dropped connection with the same request_key, and saves it once', async () => {
    let fails = 2;
    const net = network((c) => {
      if (c.url !== '/v1/visit/createVisit') return undefined;
      if (fails-- > 0) return networkDown();
      return ok({ id: 90, created: true, status: 'done', demand_ids: [] });
    });
    renderAt('/web/small/workVisit');
    const user = userEvent.setup();
    await waitFor(() => buttonByText('保存走访记录'));
    await pickCompany(user);
    await user.type(screen.getByLabelText('接待人员'), '张经理');
    await user.type(screen.getByLabelText('走访内容'), '了解企业专利布局');
    await user.click(buttonByText('保存走访记录'));
    expect(await screen.findByText('走访记录已保存')).toBeTruthy();
    const sends = net.calls.filter((c) => c.url === '/v1/visit/createVisit');
    expect(sends).toHaveLength(3);
    const keys = sends.map((c) => (c.body as { request_key: string }).request_key);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sends[0].body).toMatchObject({
      status: 'done',
      company_id: 11,
      staff_id: 7,
      visit_date: today,
      people_met: '张经理',
      content: '了解企业专利布局',
      photos: [],
      follow_up: 0,
    });
  });

  it('adds demands raised during the visit to the record (ADR 0049)', async () => {
    const net = network((c) => {
      if (c.url === '/v1/visit/deamdLabel') return ok([{ id: 5, name: '融资需求', color: 'gold' }]);
      if (c.url === '/v1/visit/createVisit') return ok({ id: 92, created: true, status: 'done', demand_ids: [301, 302] });
      return undefined;
    });
    renderAt('/web/small/workVisit');
    const user = userEvent.setup();
    await waitFor(() => buttonByText('保存走访记录'));
    await pickCompany(user);
    await user.type(screen.getByLabelText('接待人员'), '张经理');
    await user.type(screen.getByLabelText('走访内容'), '了解企业融资需求');
    await user.click(buttonByText(/添加需求/));
    await user.click(buttonByText(/添加需求/));
    // a demand without a title is refused in the form, nothing sent
    await user.click(buttonByText('保存走访记录'));
    expect((await screen.findAllByText('请填写需求标题')).length).toBe(2);
    expect(net.calls.filter((c) => c.url === '/v1/visit/createVisit')).toHaveLength(0);
    await user.type(screen.getByLabelText('需求 1 标题'), '专利质押融资');
    fireEvent.mouseDown(screen.getByLabelText('需求 1 标签（选填）'));
    await user.click(await screen.findByTitle('融资需求'));
    await user.type(screen.getByLabelText('需求 2 标题'), '招聘专利工程师');
    await user.type(screen.getByLabelText('需求 2 内容（选填）'), '两名');
    await user.click(buttonByText('保存走访记录'));
    expect(await screen.findByText('走访记录已保存，同时登记了 2 条需求')).toBeTruthy();
    const sent = net.calls.filter((c) => c.url === '/v1/visit/createVisit');
    expect(sent).toHaveLength(1);
    expect((sent[0].body as { demands: unknown }).demands).toEqual([
      { title: '专利质押融资', content: '', label_id: 5 },
      { title: '招聘专利工程师', content: '两名', label_id: 0 },
    ]);
  });

  it('offers 重试 when the automatic retries run out; it sends the same key again', async () => {
    let down = true;
    const net = network((c) => {
      if (c.url !== '/v1/visit/createVisit') return undefined;
      if (down) return networkDown();
      return ok({ id: 91, created: false, status: 'done', demand_ids: [] });
    });
    renderAt('/web/small/workVisit');
    const user = userEvent.setup();
    await waitFor(() => buttonByText('保存走访记录'));
    await pickCompany(user);
    await user.type(screen.getByLabelText('接待人员'), '李总');
    await user.type(screen.getByLabelText('走访内容'), '政策宣讲');
    await user.click(buttonByText('保存走访记录'));
    expect(await screen.findByText(/走访记录尚未保存/)).toBeTruthy();
    expect(net.calls.filter((c) => c.url === '/v1/visit/createVisit')).toHaveLength(4);
    down = false;
    await user.click(buttonByText(/^重\s*试$/));
    expect(await screen.findByText('走访记录已保存')).toBeTruthy();
    const keys = net.calls
      .filter((c) => c.url === '/v1/visit/createVisit')
      .map((c) => (c.body as { request_key: string }).request_key);
    expect(keys).toHaveLength(5);
    expect(new Set(keys).size).toBe(1);
  });

  it('records a to-visit; a retry first asks whether the dropped send was saved, so it is not sent twice', async () => {
    let saved = false;
    const net = network((c) => {
      if (c.url === '/v1/visit/visitDetailtwo')
        return ok({ visit: { ...entry({ id: 2 }), plan_date: today }, last_visit: null, open_demands: [] });
      if (c.url === '/v1/visit/visitDetail') return ok({ id: 2, status: saved ? 'done' : 'plan' });
      if (c.url === '/v1/visit/editVisit') {
        // The server saves it, but the answer is lost on the way back.
        saved = true;
        return networkDown();
      }
      return undefined;
    });
    renderAt('/web/small/workVisit?id=2');
    const user = userEvent.setup();
    expect(await screen.findByText('示例科技有限公司')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: '走访企业' })).toBeNull();
    await user.type(screen.getByLabelText('接待人员'), '王主任');
    await user.type(screen.getByLabelText('走访内容'), '回访');
    await user.click(screen.getByRole('switch', { name: '需要跟进' }));
    await user.click(buttonByText('保存走访记录'));
    expect(await screen.findByText('走访记录已保存')).toBeTruthy();
    const edits = net.calls.filter((c) => c.url === '/v1/visit/editVisit');
    expect(edits).toHaveLength(1);
    expect(edits[0].body).toMatchObject({ action: 'record', id: 2, people_met: '王主任', content: '回访', follow_up: 1 });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/web/small/workVisit'));
  });

  it("shows the user's recent records", async () => {
    network((c) =>
      c.url === '/v1/visit/index'
        ? ok({
            list: [
              {
                ...entry({ id: 5, status: 'done' }),
                visit_date: today,
                people_met: '赵工',
                content: '专利申请辅导',
                photo_count: 2,
                follow_open: true,
              },
            ],
            total: 1,
            page: 1,
            page_size: 10,
          })
        : undefined,
    );
    renderAt('/web/small/workVisit');
    const section = await screen.findByRole('region', { name: '最近走访记录' });
    expect(await within(section).findByText(/接待：赵工 · 照片 2 张 · 待跟进/)).toBeTruthy();
    expect(within(section).getByText('专利申请辅导')).toBeTruthy();
  });
});

describe('/web/addWaitvisit', () => {
  it('checks the enterprise and the day, then plans the visit for the user', async () => {
    const net = network((c) =>
      c.url === '/v1/visit/createVisit' ? ok({ id: 77, created: true, status: 'plan', demand_ids: [] }) : undefined,
    );
    renderAt('/web/addWaitvisit');
    const user = userEvent.setup();
    // Within the form: the page's title says 发起待走访 too.
    await user.click(await waitFor(() => buttonByText('发起待走访', document.querySelector('form') as HTMLElement)));
    expect(await screen.findByText('请选择走访企业')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('走访日期'), { target: { value: addDays(today, -1) } });
    expect(await screen.findByText('走访日期不能早于今天')).toBeTruthy();
    expect(net.calls.filter((c) => c.url === '/v1/visit/createVisit')).toHaveLength(0);
    await pickCompany(user);
    fireEvent.change(screen.getByLabelText('走访日期'), { target: { value: addDays(today, 2) } });
    fireEvent.change(screen.getByLabelText('走访时间'), { target: { value: '14:30' } });
    await user.type(screen.getByLabelText('走访目的'), '政策宣讲');
    await user.click(buttonByText('发起待走访', document.querySelector('form') as HTMLElement));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/web/small/Waitvisit'));
    const sent = net.calls.find((c) => c.url === '/v1/visit/createVisit')!;
    expect(sent.body).toMatchObject({
      status: 'plan',
      company_id: 11,
      staff_id: 7,
      plan_date: addDays(today, 2),
      plan_time: '14:30',
      purpose: '政策宣讲',
    });
    expect((sent.body as { request_key: string }).request_key).toMatch(/^[0-9a-f-]{36}$/);
  });
});
