import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../test/helpers';
import { eventEffect } from '../modules/patents/legal-status';

// Issue 8 item 9: user-given keys are looked up as own properties (Object.hasOwn or a Map), so the names of
// Object.prototype's members read as unknown values with the usual Chinese message, never as a function, a 500
// or a silent empty result. One test per entry point that looks a user-given key up.
const KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginAs(t.app, 'company');
});
afterAll(() => t.close());

/** A POST with the JSON written out, so a `__proto__` key really arrives as a key. */
const post = (url: string, json: string) =>
  call(t.app, 'POST', url, { token, body: json, headers: { 'content-type': 'application/json' } });

const chinese = /[\u4e00-\u9fff]/;

describe.each(KEYS)('the key %s', (key) => {
  it('as a 专利类型/法律状态 value in an expression is refused as an invalid value', async () => {
    for (const expr of [`类型=${key}`, `法律状态=${key}`]) {
      const res = await post('/v1/search/expression', JSON.stringify({ expression: expr }));
      expect(res.status, expr).toBe(400);
      expect(res.body.msg, expr).toContain(`“${key}”无效`);
    }
  });

  it('as an enum value in the advanced-search form is refused with the value as typed', async () => {
    const res = await post('/v1/search/get-expression', JSON.stringify({ form: { 类型: key } }));
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain(`“${key}”无效`);
    expect(res.body.msg).not.toContain('function');
  });

  it('as a field name of the form, an expression and an Espacenet query is an unknown field', async () => {
    const form = await post('/v1/search/get-expression', `{"form":{${JSON.stringify(key)}:"x"}}`);
    expect(form.status).toBe(400);
    expect(form.body.msg).toMatch(chinese);
    for (const [url, field] of [
      ['/v1/search/expression', 'expression'],
      ['/v1/di/expression', 'query'],
    ]) {
      const res = await post(url, JSON.stringify({ [field]: `${key}=1` }));
      expect(res.status, url).toBe(400);
      expect(res.body.msg, url).toContain('无法识别的字段');
    }
  });

  it('as a sort, a facet filter name or value and a trend query never reaches a 500', async () => {
    const sort = await post('/v1/search/expression', JSON.stringify({ val: '电池', sort: key }));
    expect(sort.status).toBe(400);
    expect(sort.body.msg).toBe('排序方式无效');
    const filterName = await post('/v1/search/expression', `{"val":"电池","filters":{${JSON.stringify(key)}:"1"}}`);
    // Unknown filter names and values are refused in Chinese (issue 11, ADR 0036), never ignored.
    expect(filterName.status).toBe(400);
    expect(filterName.body.msg).toMatch(chinese);
    const filterValue = await post('/v1/search/expression', JSON.stringify({ val: '电池', filters: { type: key } }));
    expect(filterValue.status).toBe(400);
    expect(filterValue.body.msg).toContain('无效');
    const trend = await post('/v1/frontend/trend/trend_law', JSON.stringify({ expression: `类型=${key}` }));
    expect(trend.status).toBe(400);
    expect(trend.body.msg).toContain('无效');
  });

  it('as an SMS purpose is refused', async () => {
    const res = await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile: '13912345678', purpose: key } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('验证码用途不正确');
  });

  it('as a legal-event code of an imported record has no effect of its own', () => {
    expect(eventEffect({ code: key, text: '' })).toBe('none');
    expect(eventEffect({ code: key.toUpperCase(), text: '' })).toBe('none');
  });
});
