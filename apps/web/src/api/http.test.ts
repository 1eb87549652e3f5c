import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, TOKEN_COOKIE } from '@ip/contract';
import { ApiError, TransportFailure, buildUrl, get, openPrivateFile, post, uploadFile } from './http';
import { loadingCounter } from './loading';
import { notify } from '../lib/notify';
import * as navigation from '../lib/navigation';
import { setToken } from '../lib/storage';
import { mockNetwork } from '../test/fixtures';

describe('the HTTP client’s response rules (spec §7)', () => {
  let net: ReturnType<typeof mockNetwork> | undefined;
  beforeEach(() => {
    vi.spyOn(notify, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    net?.restore();
    vi.restoreAllMocks();
  });

  it('code 1 resolves with data', async () => {
    net = mockNetwork(() => ({ data: { code: 1, msg: 'ok', data: { a: 1 } } }));
    await expect(post('/v1/x', { q: 1 })).resolves.toEqual({ a: 1 });
    expect(net.calls[0]).toMatchObject({ url: '/v1/x', method: 'POST', body: { q: 1 } });
    expect(String(net.calls[0].headers['Content-Type'])).toContain('application/json');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('code 0 rejects with msg and shows it', async () => {
    net = mockNetwork(() => ({
      status: 400,
      data: { code: 0, msg: '手机号或密码错误', fields: [{ path: 'mobile', msg: '格式不对' }] },
    }));
    const err = await post('/v1/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('手机号或密码错误');
    expect((err as ApiError).fields).toEqual([{ path: 'mobile', msg: '格式不对' }]);
    expect(notify.error).toHaveBeenCalledWith('手机号或密码错误');
  });

  it('any other code resolves with the whole body', async () => {
    const body = { code: 2, msg: '部分成功', extra: true };
    net = mockNetwork(() => ({ data: body }));
    await expect(post('/v1/x')).resolves.toEqual(body);
  });

  it('a reply without an envelope resolves with the whole body', async () => {
    net = mockNetwork(() => ({ data: 'plain text' }));
    await expect(post('/v1/x')).resolves.toBe('plain text');
  });

  it('a network error shows a red message for 5 s and rejects', async () => {
    net = mockNetwork(() => new TransportFailure('network'));
    const err = await post('/v1/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).kind).toBe('transport');
    expect(notify.error).toHaveBeenCalledWith('网络连接失败，请检查网络后重试', 5);
  });

  it('a timeout shows a red message for 5 s', async () => {
    net = mockNetwork(() => new TransportFailure('timeout'));
    await expect(post('/v1/x')).rejects.toThrow('请求超时，请稍后再试');
    expect(notify.error).toHaveBeenCalledWith('请求超时，请稍后再试', 5);
  });

  it('a 5xx without an envelope is a transport error', async () => {
    net = mockNetwork(() => ({ status: 502, data: '<html>Bad Gateway</html>' }));
    await expect(post('/v1/x')).rejects.toThrow('服务器错误（502），请稍后再试');
    expect(notify.error).toHaveBeenCalledWith('服务器错误（502），请稍后再试', 5);
  });

  it('sends the session-storage token in Authorization; the token cookie is the browser’s, never read by script', async () => {
    net = mockNetwork(() => ({ data: { code: 1, msg: 'ok', data: null } }));
    await post('/v1/x');
    expect(net.calls[0].headers.Authorization).toBeUndefined();
    // (The real cookie is HttpOnly; even a script-visible one is not turned into a header.)
    document.cookie = `${TOKEN_COOKIE}=cookie-token; path=/`;
    await post('/v1/x');
    expect(net.calls[1].headers.Authorization).toBeUndefined();
    window.sessionStorage.setItem(STORAGE_KEYS.token, 'session-token');
    await post('/v1/x');
    expect(net.calls[2].headers.Authorization).toBe('Bearer session-token');
    await post('/v1/x', {}, { cookieOnly: true });
    expect(net.calls[3].headers.Authorization).toBeUndefined();
  });

  it('a 401 on a call with a token clears the token and goes to /web/index', async () => {
    const nav = vi.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined);
    setToken('abc');
    window.sessionStorage.setItem(STORAGE_KEYS.roles, '["0"]');
    net = mockNetwork(() => ({ status: 401, data: { code: 0, msg: '登录已失效，请重新登录' } }));
    await expect(post('/v1/user/info')).rejects.toThrow('登录已失效，请重新登录');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.sessionStorage.getItem(STORAGE_KEYS.roles)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.sessionHint)).toBeNull();
    expect(nav).toHaveBeenCalledWith('/web/index', { replace: true });
  });

  it('a 401 without a token (wrong password) does not navigate', async () => {
    const nav = vi.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined);
    net = mockNetwork(() => ({ status: 401, data: { code: 0, msg: '手机号或密码错误' } }));
    await expect(post('/v1/user/login')).rejects.toThrow('手机号或密码错误');
    expect(nav).not.toHaveBeenCalled();
  });

  it('counts foreground calls for the loading overlay, and skips background ones', async () => {
    let release: () => void = () => undefined;
    net = mockNetwork(() => new Promise((resolve) => (release = () => resolve({ data: { code: 1, msg: 'ok', data: 1 } }))));
    const fg = post('/v1/x');
    await vi.waitFor(() => expect(net!.calls).toHaveLength(1));
    expect(loadingCounter.get()).toBe(1);
    release();
    await fg;
    expect(loadingCounter.get()).toBe(0);

    const bg = post('/v1/x', {}, { background: true });
    await vi.waitFor(() => expect(net!.calls).toHaveLength(2));
    expect(loadingCounter.get()).toBe(0);
    release();
    await bg;
  });

  it('the overlay count drops after a failure too', async () => {
    net = mockNetwork(() => new TransportFailure('network'));
    await post('/v1/x').catch(() => undefined);
    expect(loadingCounter.get()).toBe(0);
  });

  it('uploads multipart with the type field and returns the file', async () => {
    net = mockNetwork(() => ({ data: { code: 1, msg: 'ok', data: { url: '/uploads/a.png', name: 'a.png', size: 3, id: 9 } } }));
    const file = new File(['abc'], 'a.png', { type: 'image/png' });
    await expect(uploadFile(file, 'image')).resolves.toEqual({ url: '/uploads/a.png', name: 'a.png', size: 3, id: 9 });
    const form = net.calls[0].body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('type')).toBe('image');
    expect((form.get('file') as File).name).toBe('a.png');
    expect(net.calls[0].url).toBe('/v1/common/file');
  });

  it('opens a private file (the licence preview) with the session token, as a blob in a new tab', async () => {
    setToken('tok');
    const blob = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    net = mockNetwork(() => ({ data: blob }));
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const created: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (b: Blob) => (created.push(b), 'blob:preview'),
      revokeObjectURL: () => undefined,
    });
    await openPrivateFile('/v1/common/file/12');
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(net.calls[0].url).toBe('/v1/common/file/12');
    expect(net.calls[0].headers.Authorization).toBe('Bearer tok');
    expect(net.calls[0].config.responseType).toBe('blob');
    expect(created[0]).toBe(blob);
    expect(tab.location.href).toBe('blob:preview');

    // A refusal closes the empty tab and rejects.
    net.restore();
    net = mockNetwork(() => ({ status: 404, data: { code: 0, msg: '文件不存在或无权查看' } }));
    await expect(openPrivateFile('/v1/common/file/13')).rejects.toBeInstanceOf(ApiError);
    expect(tab.close).toHaveBeenCalled();
  });
});

describe('the request side of the HTTP client', () => {
  afterEach(() => vi.restoreAllMocks());

  it('builds the query string as axios did: arrays with [], nested keys, null and undefined left out', () => {
    expect(buildUrl('/v1/x')).toBe('/v1/x');
    expect(buildUrl('/v1/x', { a: 1, b: ['x', 'y z'], c: { d: 2 }, e: null, f: undefined, g: '上海' })).toBe(
      '/v1/x?a=1&b[]=x&b[]=y+z&c[d]=2&g=%E4%B8%8A%E6%B5%B7',
    );
    expect(buildUrl('/v1/x?p=1', { q: 'a:b,c' })).toBe('/v1/x?p=1&q=a:b,c');
  });

  it('GET sends the parameters and no body; POST sends JSON', async () => {
    const net = mockNetwork(() => ({ data: { code: 1, msg: 'ok', data: 1 } }));
    await get('/v1/x', { page: 2 });
    expect(net.calls[0]).toMatchObject({ method: 'GET', url: '/v1/x', body: undefined });
    expect(net.calls[0].config.params).toEqual({ page: 2 });
    expect(net.calls[0].headers['Content-Type']).toBeUndefined();
    await post('/v1/y');
    expect(net.calls[1]).toMatchObject({ method: 'POST', body: {} });
    expect(net.calls[1].config.timeout).toBe(100000);
  });

  it('a cancelled call rejects as a cancel, without a message', async () => {
    vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    mockNetwork(() => new TransportFailure('cancel'));
    const err = await post('/v1/x').catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'cancel', message: '请求已取消', notified: false });
    expect(notify.error).not.toHaveBeenCalled();
    expect(loadingCounter.get()).toBe(0);
  });

  it('uploads report progress in percent and send no hand-written multipart Content-Type', async () => {
    const net = mockNetwork((c) => {
      c.config.onUploadProgress?.({ loaded: 1, total: 4 });
      return { data: { code: 1, msg: 'ok', data: { url: '/v1/common/file/1', name: 'a.pdf', size: 4, id: 1 } } };
    });
    const seen: number[] = [];
    await uploadFile(new Blob(['abcd']), 'file', { onProgress: (p) => seen.push(p), fileName: 'a.pdf' });
    expect(seen).toEqual([25]);
    expect(Object.keys(net.calls[0].headers).map((k) => k.toLowerCase())).not.toContain('content-type');
  });
});
