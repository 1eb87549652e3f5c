import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { HttpSmsSender, OutboxSmsSender, createSmsSender } from './sms';
import { HttpWechatClient, OfflineWechatClient, createWechatClient } from './wechat';

// Issue 8, item 1: a real office never runs on the offline (log-only) SMS or WeChat providers by accident.
describe('production refuses unnamed SMS and WeChat providers', () => {
  const base = { NODE_ENV: 'production', DATA_DIR: '/tmp/ip-providers-test', TIANYANCHA_PROVIDER: 'offline' };

  it('refuses to start without SMS_PROVIDER, with a Chinese message naming the setting', () => {
    expect(() => loadConfig({ ...base, WECHAT_PROVIDER: 'offline' })).toThrow(/生产环境必须配置短信服务.*SMS_PROVIDER/);
  });

  it('refuses to start without WECHAT_PROVIDER', () => {
    expect(() => loadConfig({ ...base, SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://sms' })).toThrow(
      /生产环境必须配置微信登录.*WECHAT_PROVIDER/,
    );
  });

  it('refuses http providers without their URL', () => {
    expect(() => loadConfig({ ...base, SMS_PROVIDER: 'http', WECHAT_PROVIDER: 'offline' })).toThrow('SMS_HTTP_URL');
    expect(() => loadConfig({ ...base, SMS_PROVIDER: 'outbox', WECHAT_PROVIDER: 'http' })).toThrow('WECHAT_HTTP_URL');
  });

  it('starts with providers named explicitly, even the offline ones', () => {
    const real = loadConfig({
      ...base,
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'http://sms',
      WECHAT_PROVIDER: 'http',
      WECHAT_HTTP_URL: 'http://wx',
    });
    expect(createWechatClient(real)).toBeInstanceOf(HttpWechatClient);
    expect(createSmsSender(real, {} as never, {} as never, () => new Date())).toBeInstanceOf(HttpSmsSender);
    const offline = loadConfig({ ...base, SMS_PROVIDER: 'outbox', WECHAT_PROVIDER: 'offline' });
    expect(createWechatClient(offline)).toBeInstanceOf(OfflineWechatClient);
    expect(createSmsSender(offline, {} as never, {} as never, () => new Date())).toBeInstanceOf(OutboxSmsSender);
  });

  it('keeps the offline providers as the default outside production', () => {
    const dev = loadConfig({ NODE_ENV: 'development', DATA_DIR: '/tmp/ip-providers-test' });
    expect(dev.sms.provider).toBe('outbox');
    expect(dev.wechat.provider).toBe('offline');
  });
});
