import { describe, expect, it } from 'vitest';
import {
  COMPANY_NAME_MAX,
  COMPANY_NAME_MIN,
  LoginBody,
  NewPassword,
  ChangePasswordBody,
  PERSON_NAME_MAX,
  RegisterBody,
  VerificationBody,
} from './account';
import { interpretEnvelope } from './envelope';
import { isAdminTypeRole, isExternal, isMainlandMobile, passwordProblem, trimMobile } from './validators';

describe('validators (spec §5)', () => {
  it('trims the mobile', () => {
    expect(trimMobile(' 138 0000 0001 ')).toBe('13800000001');
  });
  it.each([
    ['13800000001', true],
    ['19912345678', true],
    ['12800000001', false],
    ['1380000000', false],
    ['138000000011', false],
    ['+8613800000001', false],
    ['abc', false],
  ])('mobile %s → %s', (m, ok) => expect(isMainlandMobile(m)).toBe(ok));
  it.each([
    ['Demo@2026', null],
    ['abcd1234', null],
    ['abc123', '密码至少 8 位'],
    ['abcdefgh', '密码须同时包含字母和数字'],
    ['12345678', '密码须同时包含字母和数字'],
  ])('password %s → %s', (p, problem) => expect(passwordProblem(p)).toBe(problem));
  it.each([
    ['http://a.cn', true],
    ['https://a.cn', true],
    ['mailto:a@b.cn', true],
    ['tel:123', true],
    ['/web/index', false],
    ['ftp://x', false],
  ])('external %s → %s', (p, ext) => expect(isExternal(p)).toBe(ext));
  it('admin-type roles are admin and editor', () => {
    expect(isAdminTypeRole('admin')).toBe(true);
    expect(isAdminTypeRole('editor')).toBe(true);
    expect(isAdminTypeRole('1')).toBe(false);
    expect(isAdminTypeRole('visitor')).toBe(false);
  });
});

describe('request schemas', () => {
  it('trims the login mobile and explains problems in Chinese', () => {
    expect(LoginBody.parse({ mobile: ' 13800000001 ', password: 'x' }).mobile).toBe('13800000001');
    const r = LoginBody.safeParse({ mobile: '1', password: '' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual(['请输入 11 位中国大陆手机号', '请输入密码']);
  });
  it('rejects weak new passwords and mismatched confirmations', () => {
    expect(NewPassword.safeParse('short1').success).toBe(false);
    const r = ChangePasswordBody.safeParse({ old_password: 'a', password: 'abcd1234', password_confirm: 'abcd12345' });
    expect(r.error!.issues[0].message).toBe('两次输入的新密码不一致');
  });
  it('checks the unified social credit code', () => {
    const ok = {
      company_name: '示例科技有限公司',
      credit_code: '91330100MA2XXXXX1Y',
      contact: '张三',
      license: '/v1/common/file/12',
    };
    expect(VerificationBody.safeParse(ok).success).toBe(true);
    // The licence is a private upload, never a public /uploads/ address.
    expect(VerificationBody.safeParse({ ...ok, license: '/uploads/a.png' }).error!.issues[0].message).toBe(
      '营业执照文件不正确，请重新上传',
    );
    expect(VerificationBody.safeParse({ ...ok, credit_code: '123' }).error!.issues[0].message).toBe('统一社会信用代码应为 18 位');
  });
  it('bounds the names as the forms do (empty, too short, too long each say which)', () => {
    const ok = { mobile: '13900000009', code: '123456', password: 'abcd1234', name: '张三', company_name: '新公司' };
    const msg = (body: object) => RegisterBody.safeParse(body).error?.issues[0].message;
    expect(RegisterBody.safeParse(ok).success).toBe(true);
    expect(msg({ ...ok, company_name: '  ' })).toBe('请输入公司名称');
    expect(msg({ ...ok, company_name: '新' })).toBe(`公司名称至少 ${COMPANY_NAME_MIN} 个字`);
    expect(msg({ ...ok, company_name: '新'.repeat(COMPANY_NAME_MAX + 1) })).toBe(`公司名称不能超过 ${COMPANY_NAME_MAX} 个字`);
    expect(msg({ ...ok, name: ' ' })).toBe('请输入姓名');
    expect(msg({ ...ok, name: '张'.repeat(PERSON_NAME_MAX + 1) })).toBe(`姓名不能超过 ${PERSON_NAME_MAX} 个字`);
    expect(RegisterBody.safeParse({ ...ok, name: '张'.repeat(PERSON_NAME_MAX) }).success).toBe(true);
  });
});

describe('interpretEnvelope (spec §7)', () => {
  it('code 0 → error with msg', () =>
    expect(interpretEnvelope({ code: 0, msg: '出错了' })).toEqual({ kind: 'error', msg: '出错了' }));
  it('code 0 without msg → a generic Chinese message', () =>
    expect(interpretEnvelope({ code: 0 })).toEqual({ kind: 'error', msg: '请求失败' }));
  it('code 1 → data', () =>
    expect(interpretEnvelope({ code: 1, msg: 'ok', data: { a: 1 } })).toEqual({ kind: 'data', data: { a: 1 } }));
  it('other code → whole response', () => {
    const body = { code: 2, msg: 'x', data: 3 };
    expect(interpretEnvelope(body)).toEqual({ kind: 'whole', body });
  });
  it('non-envelope → whole response', () => expect(interpretEnvelope('blob')).toEqual({ kind: 'whole', body: 'blob' }));
});

describe('unified social credit code', () => {
  it('accepts a real code and refuses a wrong check character', async () => {
    const { creditCodeProblem, creditCodeCheckChar } = await import('./validators');
    // 91350100M000100Y43 is the example of GB 32100-2015.
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
    expect(creditCodeProblem('91350100M000100Y43')).toBeNull();
    expect(creditCodeProblem('91350100M000100Y44')).toMatch('校验位');
    expect(creditCodeProblem('91350100M00010')).toMatch('18 位');
    expect(creditCodeProblem('91350100M000100YI3')).toMatch('大写字母');
  });
});
