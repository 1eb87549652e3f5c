import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, type DemoKind, type TestApp } from '../../test/helpers';
import { issueToken } from './auth';
import { allowed, ALL_KINDS, type Access, type RouteDef } from './routes';

// One table-driven test: every registered route × every caller kind (ARCHITECTURE rule 3). What a caller should get
// is derived from the route's `access`, so a new route is checked without editing this file; a route whose handler
// refuses more than its access rule says goes in EXCEPTIONS with the reason. Fastify's own route table is compared
// with the registry, so a route registered around route()/modules/index.ts (and so never checked) fails too.

/**
 * Routes that answer a caller differently from what their access rule alone says, with the reason. Keyed
 * `METHOD /url` (as in the registry, without /v1); per caller the status expected instead of the derived one.
 */
const EXCEPTIONS: Record<string, { why: string; callers: Partial<Record<string, 'ok' | 401 | 403>> }> = {
  'GET /common/file/:id': {
    why: 'public-at-the-door: a signed link needs no session; without a signature the handler asks for a login (ADR 0014)',
    callers: { anonymous: 401 },
  },
  // Calls whose empty body is valid: the demo trial user has no company yet, so companyActor refuses it until an
  // administrator approves its application (ADR 0018). Calls that need a body fail validation first.
  ...Object.fromEntries(
    [
      'POST /frontend/certificate/index',
      'POST /frontend/certificate/export',
      'POST /frontend/certificate/patents',
      'POST /frontend/ip/index',
      'POST /frontend/ip/export',
      ...['cate', 'default_cate', 'list', 'export'].map((name) => `POST /frontend/patent/${name}`),
      'POST /frontend/warning/setting',
      'POST /frontend/certificate/expire',
      'POST /frontend/certificate/expire-export',
      ...['index', 'export', 'forecast', 'summary'].map((name) => `POST /frontend/fee/${name}`),
      'POST /demand/mine/list',
      'POST /demand/mine/visits',
      'POST /frontend/ask/index',
    ].map((key) => [
      key,
      {
        why: 'a trial user without a company is refused by companyActor until an administrator approves it',
        callers: { trial: 403 as const },
      },
    ]),
  ),
  ...Object.fromEntries(
    ['POST /frontend/monitor/rule/index', 'POST /frontend/monitor/hits'].map((key) => [
      key,
      {
        why: 'handler-level refusal: trial users may not monitor patents (DOMAIN §1, ADR 0029)',
        callers: { trial: 403 as const },
      },
    ]),
  ),
  'POST /frontend/Iitigation/index': {
    why: 'company-scoped (companyActor): a trial user has no company until its verification is approved (ADR 0023)',
    callers: { trial: 403 },
  },
};

/** Paths Fastify serves outside the registry on purpose: the SPA fallback and the static files. */
const OUTSIDE_REGISTRY = new Set(['*', '/uploads/*']);
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
        const url = `/v1${r.url.replace(/:\w+/g, '1')}`;
        const res = await call(t.app, r.method, url, { token, body: r.method === 'POST' ? {} : undefined });
        const exception = EXCEPTIONS[`${r.method} ${r.url}`]?.callers[caller];
        const want = exception ?? expected(r.access, caller);
        const got = res.status === 401 || res.status === 403 ? res.status : 'ok';
        if (got !== want)
          failures.push(
            `${r.method} ${r.url} as ${caller}: its access ${JSON.stringify(r.access)} says ${want}, got ${res.status} ` +
              `${JSON.stringify(res.body)} — fix the route's access, or add it to EXCEPTIONS in authorization.test.ts with the reason`,
          );
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
        if (!exception) expect(allowed(r.access, session).ok).toBe(want === 'ok');
      }
    }
    expect(failures).toEqual([]);
    // About 1,800 requests: seconds when idle, over the default 30 s on a heavily loaded machine.
  }, 180_000);

  it('has a well-formed access rule on every route', () => {
    for (const r of t.app.routeRegistry as RouteDef[]) {
      const a = r.access;
      const ok =
        a === 'public' ||
        a === 'visitor' ||
        a === 'user' ||
        (Array.isArray(a) && a.length > 0 && a.every((k) => ALL_KINDS.includes(k)) && new Set(a).size === a.length);
      expect(ok, `${r.method} ${r.url}: access must be 'public', 'visitor', 'user' or a list of ${ALL_KINDS.join('/')}`).toBe(
        true,
      );
    }
  });

  it('lists in EXCEPTIONS only routes that exist, each with a reason', () => {
    const known = new Set(t.app.routeRegistry.map((r) => `${r.method} ${r.url}`));
    for (const [key, e] of Object.entries(EXCEPTIONS)) {
      expect(known.has(key), `EXCEPTIONS lists ${key}, which is not a route any more`).toBe(true);
      expect(e.why).toMatch(/\S{10}/);
    }
  });

  it('checks every route Fastify serves: none is registered around the registry', () => {
    const registered = new Set(t.app.routeRegistry.map((r) => `${r.method} /v1${r.url}`));
    const unchecked = fastifyRoutes(t.app.printRoutes({ commonPrefix: false }))
      .filter((r) => r.method !== 'HEAD' && !OUTSIDE_REGISTRY.has(r.url))
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !registered.has(r));
    expect(
      unchecked,
      'these routes bypass route() in modules/index.ts, so no access rule is checked: declare them with route()',
    ).toEqual([]);
  });
});

/** Every method + full path in Fastify's printed route tree (`├── /v1/verification (POST)` / `│   └── /status (POST)`). */
function fastifyRoutes(tree: string): { method: string; url: string }[] {
  const out: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack.push(m[2]);
    if (!m[3]) continue;
    for (const method of m[3].split(', ')) out.push({ method, url: stack.join('') });
  }
  return out;
}
