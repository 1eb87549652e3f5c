import type { SessionUser } from '@ip/contract';
import { menuFor, chooseRouteSet } from '@ip/contract';
import { http, type Transport, type TransportConfig } from '../api/http';

/** A session user for tests; the menu is the route set's menu from the page table. */
export function makeUser(patch: Partial<SessionUser> = {}): SessionUser {
  const base: SessionUser = {
    token: 't',
    name: '张三',
    avatar: '',
    type: '0',
    is_admin: 0,
    is_admin_view: 0,
    is_news: 0,
    rid: 0,
    id: 7,
    com_id: 0,
    admin_name: '',
    pid: 0,
    street_id: 0,
    street_name: '',
    introduction: '',
    roles: [],
    newtype: 1,
    menu: [],
    mobile: '13800000000',
    company_name: '示例科技有限公司',
    must_change_password: 0,
  };
  const user = { ...base, ...patch };
  if (!patch.roles) user.roles = [user.is_admin === 1 ? '1' : '0'];
  if (!patch.menu) user.menu = menuFor(chooseRouteSet(user));
  return user;
}

export interface RecordedCall {
  url: string;
  method: string;
  body: unknown;
  headers: Record<string, unknown>;
  config: TransportConfig;
}

type Reply = { status?: number; data: unknown; headers?: Record<string, string> } | Error;

/** A successful reply of the API envelope (code 1) carrying `data`. */
export const ok = (data: unknown) => ({ data: { code: 1, msg: 'ok', data } });

const restorers: (() => void)[] = [];

/** Puts back the adapter of every mockNetwork not yet restored; src/test/setup.ts calls it after each test. */
export function restoreNetwork(): void {
  while (restorers.length > 0) restorers.pop()!();
}

/**
 * Replaces the HTTP client's transport (api/http.ts: `http.defaults.adapter`, XMLHttpRequest in the browser): each call is recorded and answered by `respond`.
 * This mocks the network, not our code or antd. It is restored after the test (src/test/setup.ts).
 */
export function mockNetwork(respond: (call: RecordedCall) => Reply | Promise<Reply>) {
  const calls: RecordedCall[] = [];
  const original = http.defaults.adapter;
  const adapter: Transport = async (config) => {
    let body: unknown = config.data;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // keep the raw string
      }
    }
    const call: RecordedCall = {
      url: config.url,
      method: config.method,
      body,
      headers: { ...config.headers },
      config,
    };
    calls.push(call);
    const reply = await respond(call);
    if (reply instanceof Error) throw reply;
    return { data: reply.data, status: reply.status ?? 200, headers: reply.headers ?? {} };
  };
  http.defaults.adapter = adapter;
  const restore = () => {
    http.defaults.adapter = original;
  };
  restorers.push(restore);
  return { calls, restore };
}

export { LocationProbe } from './location-probe';
