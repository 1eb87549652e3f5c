import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, type DemoKind, type TestApp } from '../../test/helpers';
import { issueToken } from './auth';
import { allowed, ALL_KINDS, type Access } from './routes';

// One table-driven test: every registered route × every caller kind (ARCHITECTURE rule 3).
let t: TestApp;
const tokens: Record<string, string | undefined> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const kind of Object.keys(DEMO) as DemoKind[]) {
    const u = await t.db.db.selectFrom('users').select('id').where('mobile', '=', DEMO[kind]).executeTakeFirstOrThrow();
    tokens[kind] = u.id as unknown as string;
  }
  const now = t.now().toISOString();
  const v = await t.db.db
    .insertInto('visitors')
    .values({ mobile: '13700000000', name: '', created_at: now, last_login_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  tokens.visitor = String(v.id);
});
afterAll(() => t.close());

/** Whether a caller kind passes an access rule, independently of the server's own `allowed` function. */
function expected(access: Access, caller: string): 'ok' | 401 | 403 {
  if (access === 'public') return 'ok';
  if (caller === 'anonymous') return 401;
  if (access === 'visitor') return 'ok';
  if (caller === 'visitor') return 403;
  if (access === 'user') return 'ok';
  return access.includes(caller as never) ? 'ok' : 403;
}

const CALLERS = ['anonymous', 'visitor', ...ALL_KINDS];

describe('authorization over the route registry', () => {
  it('has routes, each with a Chinese summary and an explicit access rule', () => {
    expect(t.app.routeRegistry.length).toBeGreaterThan(15);
    for (const r of t.app.routeRegistry) {
      expect(r.summary, r.url).toMatch(/[\u4e00-\u9fff]/);
      expect(r.access, r.url).toBeDefined();
    }
  });

  it('answers every route × caller as its access rule says', async () => {
    const failures: string[] = [];
    for (const r of t.app.routeRegistry) {
      for (const caller of CALLERS) {
        let token: string | undefined;
        // Fresh tokens per call: the logout route deletes the one it is called with.
        if (caller === 'visitor') token = await issueToken(t.deps, 'visitor', Number(tokens.visitor));
        else if (caller !== 'anonymous') token = await issueToken(t.deps, 'user', Number(tokens[caller]));
        // An empty body: allowed callers get past authorization and fail validation (or succeed), never 401/403.
        const res = await call(t.app, r.method, `/v1${r.url}`, { token, body: r.method === 'POST' ? {} : undefined });
        const want = expected(r.access, caller);
        const got = res.status === 401 || res.status === 403 ? res.status : 'ok';
        if (got !== want)
          failures.push(`${r.method} ${r.url} as ${caller}: expected ${want}, got ${res.status} ${JSON.stringify(res.body)}`);
        if (got !== 'ok') {
          expect(res.body.code).toBe(0);
          expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
        }
        // The server's rule agrees with the table above.
        const session =
          caller === 'anonymous'
            ? null
            : caller === 'visitor'
              ? ({ subject: 'visitor' } as never)
              : ({ subject: 'user', kind: caller } as never);
        expect(allowed(r.access, session).ok).toBe(want === 'ok');
      }
    }
    expect(failures).toEqual([]);
  });
});
