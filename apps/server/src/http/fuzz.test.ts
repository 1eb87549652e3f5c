import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/helpers';
import { issueToken } from './auth';
import type { RouteDef, RouteRegistry } from './routes';

// Issue 8 item 12: a seeded fuzzer over the whole route registry (ADR 0017). For every route, as no one, a
// visitor and each account kind, it sends bodies and queries derived from the route's zod schemas and then broken
// every way we could think of: wrong types per field, missing and extra fields, huge and deep bodies, prototype
// keys (raw JSON text, so they really arrive as keys), odd Unicode, wrong content types, odd query strings.
// Every reply must be below 500 and the JSON envelope {code: 0|1, msg} (routes flagged `answers` may succeed with
// a redirect or a file), and a refusal's msg must be Chinese.
//
//   FUZZ_SEED=1234 npx vitest run --project api apps/server/src/http/fuzz.test.ts   (replay a failing run)
//   FUZZ_ROUNDS=3 …                                                                   (more cases per route)
//
// On PostgreSQL (TEST_DATABASE_URL) it sends a seeded third of the cases (FUZZ_PG_SHARE): each request costs
// several round trips there (~30 ms against ~10 ms), yet PostgreSQL is worth fuzzing: it refuses what SQLite
// stores (U+0000 in text was a 500 only there).

const SEED = Number(process.env.FUZZ_SEED ?? 20261124) >>> 0;
const ON_PG = Boolean(process.env.TEST_DATABASE_URL);
const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 1);
const SHARE = ON_PG ? Number(process.env.FUZZ_PG_SHARE ?? 0.3) : 1;

/** mulberry32: a small, fast, seeded PRNG (no dependency). */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof prng>;

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202e反向文字\u202c',
  '\u200b\u200c\u200d\ufeff',
  '😀𠮷𩸽',
  'e\u0301\u0301\u0301',
  '\r\n\t',
  '%00%zz',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '../../../../etc/passwd',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'prototype',
  '(((((((((((',
  'NEAR/999999',
  '类型=constructor',
  'AD>=9999-99-99',
  '申请号=CN',
  '-1',
  '1e309',
  'NaN',
  '0x10',
  '电池',
  '13800000000',
  'Demo@2026',
];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
const ODD_NUMBERS = [0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MIN_VALUE];

// ─── values from a zod schema (zod 4 internals: schema._zod.def) ────────────────────────────────────────────────

interface ZodLike {
  _zod: { def: Record<string, unknown> & { type: string } };
}
const defOf = (s: unknown) => (s as ZodLike)._zod.def;

/** The object shape of a body/query schema (through optional/default/pipe/refine wrappers), or null. */
function shapeOf(schema: unknown, depth = 0): Record<string, unknown> | null {
  if (!schema || depth > 8) return null;
  const def = defOf(schema);
  if (def.type === 'object') return def.shape as Record<string, unknown>;
  const inner = def.innerType ?? def.in ?? def.schema;
  return inner ? shapeOf(inner, depth + 1) : null;
}

/** Any value of a random wrong-or-right type. */
function anyValue(rng: Rng, depth = 0): unknown {
  switch (rng.int(depth > 2 ? 5 : 8)) {
    case 0:
      return rng.pick(ODD_STRINGS);
    case 1:
      return rng.pick(ODD_NUMBERS);
    case 2:
      return rng.chance(0.5);
    case 3:
      return null;
    case 4:
      return 'x'.repeat(rng.pick([1, 100, 5001, 70_000]));
    case 5:
      return [anyValue(rng, depth + 1), anyValue(rng, depth + 1)];
    case 6:
      return { [rng.pick(PROTO_KEYS.filter((k) => k !== '__proto__'))]: anyValue(rng, depth + 1), a: 1 };
    default:
      return {};
  }
}

/** A plausible value for a schema, sometimes deliberately wrong. */
function sample(schema: unknown, rng: Rng, depth = 0): unknown {
  if (!schema || depth > 6 || rng.chance(0.15)) return anyValue(rng, depth);
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return rng.chance(0.5) ? rng.pick(ODD_STRINGS) : rng.pick(['电池', '13800000001', 'Demo@2026', '2020-01-01', 'abc']);
    case 'number':
    case 'int':
    case 'bigint':
      return rng.chance(0.7) ? rng.pick([1, 2, 10, 100]) : rng.pick(ODD_NUMBERS);
    case 'boolean':
      return rng.chance(0.5);
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum': {
      const values = Object.values(def.entries as Record<string, unknown>);
      return rng.chance(0.8) ? rng.pick(values) : rng.pick(PROTO_KEYS);
    }
    case 'array':
      return Array.from({ length: rng.int(3) }, () => sample(def.element, rng, depth + 1));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) {
        if (rng.chance(0.75)) out[k] = sample(v, rng, depth + 1);
      }
      return out;
    }
    case 'record':
      return { [rng.pick(['TI', '类型', '申请日', ...PROTO_KEYS.slice(1)])]: sample(def.valueType, rng, depth + 1) };
    case 'union':
      return sample(rng.pick(def.options as unknown[]), rng, depth + 1);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return rng.chance(0.2) ? (def.type === 'nullable' ? null : undefined) : sample(def.innerType, rng, depth + 1);
    case 'pipe':
      return sample(def.in, rng, depth + 1);
    case 'lazy':
      return sample((def.getter as () => unknown)(), rng, depth + 1);
    default:
      return anyValue(rng, depth);
  }
}

// ─── the cases of one route ─────────────────────────────────────────────────────────────────────────────────────

interface Case {
  what: string;
  payload?: string | Buffer;
  contentType?: string;
  query?: string;
}

const json = (v: unknown) => JSON.stringify(v) ?? 'null';

function deepJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}
function deepArray(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** Percent-encodes text; a lone surrogate (which has no UTF-8) goes out as the bytes of one, invalid UTF-8. */
function enc(text: string): string {
  return text.replace(/[\ud800-\udfff]|[^\ud800-\udfff]+/g, (part) => {
    try {
      return encodeURIComponent(part);
    } catch {
      return '%ED%A0%80';
    }
  });
}

/** A query string from a flat object (the values as text), plus odd forms. */
function queryOf(rng: Rng, schema: unknown): string {
  const shape = shapeOf(schema) ?? {};
  const parts: string[] = [];
  for (const [k, v] of Object.entries(shape)) {
    if (!rng.chance(0.7)) continue;
    const value = sample(v, rng);
    const text = typeof value === 'object' && value !== null ? json(value) : String(value);
    parts.push(`${enc(k)}=${enc(text.slice(0, 2000))}`);
  }
  if (rng.chance(0.3)) parts.push(rng.pick(['__proto__=1', 'constructor[prototype][x]=1', 'a[b][c]=1', 'x=%zz', 'x', '=', '&&']));
  return parts.join('&');
}

/** Bodies longer than this (in characters) are sent once per route, as the company user. */
const HUGE = 500_000;

/**
 * The cases of one route. `huge`: with the bodies over HUGE characters (round 0 only). They are built last and draw
 * nothing from `rng`, so leaving them out does not change the other cases.
 */
function routeCases(def: RouteDef, rng: Rng, round: number, huge: boolean): Case[] {
  const cases: Case[] = [];
  const shape = shapeOf(def.body);
  if (def.method === 'GET') {
    cases.push({ what: 'derived query', query: queryOf(rng, def.query) });
    cases.push({ what: 'empty query', query: '' });
    cases.push({
      what: 'odd query',
      query: rng.pick(['a=1&a=2&a=3', '__proto__[x]=1', `q=${'%E7%94%B5'.repeat(3000)}`, '%', '?=?']),
    });
    if (shape)
      cases.push({ what: 'a JSON body on a GET', payload: json(sample(def.body, rng)), contentType: 'application/json' });
    return cases;
  }
  // Derived from the schema (several, since each is a random draw).
  for (let i = 0; i < 3; i++) cases.push({ what: 'derived body', payload: json(sample(def.body, rng)) });
  cases.push({ what: 'empty object', payload: '{}' });
  cases.push({ what: 'no body', payload: undefined, contentType: undefined });
  if (shape) {
    const keys = Object.keys(shape);
    // Each field in turn with a value of every other type.
    const field = rng.pick(keys);
    for (const wrong of [1, 'x', [], {}, null, true, [null], { a: [] }]) {
      cases.push({
        what: `field ${field} = ${json(wrong)}`,
        payload: json({ ...(sample(def.body, rng) as object), [field]: wrong }),
      });
    }
    cases.push({
      what: 'extra fields',
      payload: json({ ...(sample(def.body, rng) as object), zz: 1, [rng.pick(ODD_STRINGS)]: 2 }),
    });
  }
  // Prototype keys, written as raw JSON so they arrive as keys.
  const key = rng.pick(PROTO_KEYS);
  cases.push({ what: `prototype key ${key}`, payload: `{"${key}":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}` });
  if (shape) {
    const field = rng.pick(Object.keys(shape));
    cases.push({ what: `prototype key inside ${field}`, payload: `{"${field}":{"${key}":{"polluted":1}}}` });
  }
  // Non-object JSON and wrong content types.
  cases.push({ what: 'non-object JSON', payload: rng.pick(['[]', '"x"', '1', 'null', 'true', '[{}]']) });
  cases.push({
    what: 'wrong content type',
    payload: 'a=1&b=2',
    contentType: rng.pick([
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'application/octet-stream',
      'multipart/form-data; boundary=zz',
      'application/json; charset=latin1',
      'bogus',
    ]),
  });
  cases.push({ what: 'malformed JSON', payload: rng.pick(['{', '{"a":}', '{"a":1,}', "{'a':1}", '\u0000', '{"a":"\\ud800"}']) });
  // Odd Unicode in every string field.
  if (shape) {
    const odd: Record<string, unknown> = {};
    for (const k of Object.keys(shape)) odd[k] = rng.pick(ODD_STRINGS);
    cases.push({ what: 'odd Unicode in every field', payload: json(odd) });
  }
  // Huge and deep bodies, once per route (round 0): they cost time, not variety.
  if (round === 0) {
    const limit = def.bodyLimit ?? 1024 * 1024;
    const key = String(shape ? Object.keys(shape)[0] : 'a'); // an empty shape gives "undefined", a key as good as any
    // A body over HUGE characters goes out as the company user only (the run loop), so it is not even built for the
    // other identities: building the three of them seven times per route was a third of this file's time.
    const big = (what: string, length: number, make: () => string) => {
      if (huge || length <= HUGE) cases.push({ what, payload: make() });
    };
    big('body above the limit', limit + 1024 + 8, () => json({ a: 'x'.repeat(limit + 1024) }));
    big('5 MB string', 1_800_000, () => json({ [key]: '电'.repeat(1_800_000) }));
    const under = Math.min(limit, 1024 * 1024) - 64;
    big('string just under the limit', under + key.length + 7, () => json({ [key]: 'y'.repeat(under) }));
    cases.push({ what: '10,000-deep object', payload: deepJson(10_000) });
    cases.push({ what: '10,000-deep array', payload: deepArray(10_000) });
    if (shape) cases.push({ what: 'deep value in a field', payload: `{"${key}":${deepJson(5_000)}}` });
  }
  return cases;
}

// ─── the run ────────────────────────────────────────────────────────────────────────────────────────────────────

const IDENTITIES = ['anonymous', 'visitor', 'admin', 'company', 'trial', 'main', 'staff'] as const;
type Identity = (typeof IDENTITIES)[number];

let t: TestApp;
const userIds = new Map<string, number>();
let visitorId = 0;
const tokens = new Map<Identity, string | undefined>();

async function freshToken(who: Identity): Promise<string | undefined> {
  if (who === 'anonymous') return undefined;
  if (who === 'visitor') return issueToken(t.deps, 'visitor', visitorId);
  return issueToken(t.deps, 'user', userIds.get(who)!);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const kind of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
    const u = await t.db.db.selectFrom('users').select('id').where('mobile', '=', DEMO[kind]).executeTakeFirstOrThrow();
    userIds.set(kind, Number(u.id));
  }
  const now = t.now().toISOString();
  const v = await t.db.db
    .insertInto('visitors')
    .values({ mobile: '13700000009', name: '', created_at: now, last_login_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  visitorId = Number(v.id);
  for (const who of IDENTITIES) tokens.set(who, await freshToken(who));
});
afterAll(() => t?.close());

const CHINESE = /[\u3400-\u9fff]/;

/** What is wrong with one reply, or null. */
function judge(def: RouteDef, res: { statusCode: number; headers: Record<string, unknown>; body: string }): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  const type = String(res.headers['content-type'] ?? '');
  if (def.answers === 'redirect' && res.statusCode >= 300 && res.statusCode < 400) return null;
  if (def.answers === 'file' && res.statusCode === 200 && !type.includes('json')) return null;
  if (!type.includes('application/json')) return `not JSON (${type || 'no content type'})`;
  let body: { code?: unknown; msg?: unknown };
  try {
    body = JSON.parse(res.body) as typeof body;
  } catch {
    return 'unparseable JSON';
  }
  if (body.code !== 0 && body.code !== 1) return `code ${json(body.code)}`;
  if (typeof body.msg !== 'string') return 'no msg';
  if (body.code === 0 && !CHINESE.test(body.msg)) return `msg not Chinese: ${body.msg}`;
  if (body.code === 0 && res.statusCode < 400) return `code 0 with status ${res.statusCode}`;
  return null;
}

// The routes are fuzzed in PARTS tests (every PARTS-th route of the registry, each part with its own seeded
// generator), so that a loaded machine stretches several short tests rather than one test past its time limit.
const PARTS = 6;

describe(`API fuzz (seed ${SEED}, ${ROUNDS} round(s); replay with FUZZ_SEED=${SEED})`, () => {
  for (let part = 0; part < PARTS; part++) {
    it(`answers every route, identity and broken input below 500 with the Chinese JSON envelope (routes part ${part + 1} of ${PARTS})`, async () => {
      const rng = prng(SEED + part);
      const registry: RouteRegistry = t.app.routeRegistry;
      expect(registry.length).toBeGreaterThan(15);
      const routes = registry.filter((_, i) => i % PARTS === part);
      const failures = new Map<string, string>();
      let requests = 0;
      const started = Date.now();
      for (let round = 0; round < ROUNDS; round++) {
        for (const def of routes) {
          for (const who of IDENTITIES) {
            for (const c of routeCases(def, rng, round, who === 'company')) {
              // The huge bodies once per route, not once per identity.
              if (c.payload && c.payload.length > HUGE && who !== 'company') continue;
              if (SHARE < 1 && !rng.chance(SHARE)) continue;
              const headers: Record<string, string> = {};
              const token = tokens.get(who);
              if (token) headers.authorization = `Bearer ${token}`;
              if (c.payload !== undefined) headers['content-type'] = c.contentType ?? 'application/json';
              const url = `/v1${def.url}${c.query ? `?${c.query}` : ''}`;
              const inject: InjectOptions = { method: def.method, url, headers, payload: c.payload };
              const res = await t.app.inject(inject);
              requests += 1;
              const wrong = judge(def, res);
              if (wrong) {
                const key = `${def.method} ${def.url} — ${c.what} — ${wrong}`;
                if (!failures.has(key)) failures.set(key, `${key} (as ${who}; reply ${res.body.slice(0, 200)})`);
              }
              // Calls that end the session they are made with (logout): the identity gets a new token.
              if (token && res.statusCode < 400 && /logout/i.test(def.url)) tokens.set(who, await freshToken(who));
            }
          }
        }
      }
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `[fuzz] seed ${SEED} part ${part + 1}/${PARTS}: ${requests} requests over ${routes.length} of ${registry.length} routes in ${seconds.toFixed(1)} s`,
      );
      expect(requests).toBeGreaterThan((1000 * SHARE) / PARTS);
      expect([...failures.values()], `FUZZ_SEED=${SEED} reproduces these`).toEqual([]);
    }, 300_000);
  }
});
