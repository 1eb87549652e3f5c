// Monitoring rules, their hits and the competitor comparison (ADR 0029). Every query is filtered by the company.
import { sql } from 'kysely';
import {
  MONITOR_NUMBERS_MAX,
  MONITOR_RULES_MAX,
  MONITOR_TRIAL_REFUSED,
  splitNumbers,
  type MonitorCompare,
  type MonitorCountRow,
  type MonitorEvent,
  type MonitorHit,
  type MonitorHitList,
  type MonitorHitListQuery,
  type MonitorReadQuery,
  type MonitorRule,
  type MonitorRuleKind,
  type MonitorRuleList,
  type MonitorTimeline,
} from '@ip/contract';
import type { Session } from '../../http/auth';
import type { Deps } from '../../deps';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { parseExpression, toExpression } from '../../search/expression';
import { normaliseIpc } from '../../search/ipc';
import { PatentNumberError, parseApplicationNumber, parsePublicationNumber } from '../../search/patent-number';
import { pnStem } from '../patents/patent-record';
import { companyActor, type CompanyActor } from '../company/company-context';
import { nameVariants } from '../company/company-link';
import { runMonitoring } from './monitoring.run';
import { monitorHitsRead } from './hit-messages';

/** The company of a monitoring call; trial users are refused with the reason (DOMAIN §1). */
export function monitorActor(session: Session | null): CompanyActor {
  if (session && session.subject === 'user' && session.kind === 'trial') throw forbidden(MONITOR_TRIAL_REFUSED);
  return companyActor(session);
}

/** The watch_from day of a new rule: events of the last 30 days count as news (the data arrives with a lag). */
export const WATCH_BACK_DAYS = 30;

function shanghaiDay(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** The stored value of a rule: checked and in its canonical spelling; a bad value is a 400 with the reason. */
export function normaliseRuleValue(kind: MonitorRuleKind, raw: string): string {
  const value = raw.trim();
  switch (kind) {
    case 'applicant': {
      const name = value.normalize('NFKC').replace(/\s+/g, ' ').trim();
      if (name.length < 2) throw badRequest('请填写竞争对手（申请人）名称，至少 2 个字');
      if (name.length > 200) throw badRequest('申请人名称不能超过 200 个字');
      return name;
    }
    case 'expression':
      // An ExpressionError (400, its message names the position) goes out as it is.
      return toExpression(parseExpression(value));
    case 'ipc': {
      const code = normaliseIpc(value);
      if (!code) throw badRequest(`IPC 分类号“${value.slice(0, 40)}”格式不正确，例如 H01M 或 H01M10/`);
      return code;
    }
    case 'patents': {
      const inputs = splitNumbers(value);
      if (inputs.length === 0) throw badRequest('请填写申请号或公开号');
      if (inputs.length > MONITOR_NUMBERS_MAX) throw badRequest(`一条规则最多监控 ${MONITOR_NUMBERS_MAX} 件专利`);
      const out: string[] = [];
      for (const input of inputs) {
        let canonical: string | null = null;
        let anError = '';
        try {
          canonical = parseApplicationNumber(input).canonical;
        } catch (err) {
          if (!(err instanceof PatentNumberError)) throw err;
          anError = err.message;
        }
        if (!canonical) {
          if (anError.includes('校验位错误')) throw badRequest(`号码“${input}”：${anError}`);
          try {
            canonical = pnStem(parsePublicationNumber(input).canonical);
          } catch (err) {
            if (!(err instanceof PatentNumberError)) throw err;
            throw badRequest(`号码“${input}”不是有效的申请号或公开号：${err.message}`);
          }
        }
        if (!out.includes(canonical)) out.push(canonical);
      }
      return out.join('\n');
    }
  }
}

type RuleRow = {
  id: number;
  name: string;
  kind: string;
  value: string;
  enabled: number;
  created_at: string;
  updated_at: string;
  last_run_at: string | null;
};

async function ruleCounts(deps: Deps, companyId: number, ruleIds: number[]) {
  const counts = new Map<number, { hits: number; unread: number }>();
  if (!ruleIds.length) return counts;
  const rows = await deps.db.db
    .selectFrom('monitor_hits')
    .select(['rule_id', sql<number>`count(*)`.as('n'), sql<number>`sum(CASE WHEN read_at IS NULL THEN 1 ELSE 0 END)`.as('u')])
    .where('company_id', '=', companyId)
    .where('rule_id', 'in', ruleIds)
    .groupBy('rule_id')
    .execute();
  for (const r of rows) counts.set(Number(r.rule_id), { hits: Number(r.n), unread: Number(r.u ?? 0) });
  return counts;
}

function ruleOf(r: RuleRow, c?: { hits: number; unread: number }): MonitorRule {
  return {
    id: Number(r.id),
    name: r.name,
    kind: r.kind as MonitorRuleKind,
    value: r.value,
    enabled: Number(r.enabled) === 1,
    created_at: r.created_at,
    updated_at: r.updated_at,
    last_run_at: r.last_run_at,
    hits: c?.hits ?? 0,
    unread: c?.unread ?? 0,
  };
}

async function ownRule(deps: Deps, actor: CompanyActor, id: number): Promise<RuleRow> {
  const r = await deps.db.db
    .selectFrom('monitor_rules')
    .select(['id', 'name', 'kind', 'value', 'enabled', 'created_at', 'updated_at', 'last_run_at'])
    .where('id', '=', id)
    .where('company_id', '=', actor.companyId)
    .executeTakeFirst();
  if (!r) throw notFound('监控规则不存在');
  return r;
}

export async function listRules(deps: Deps, actor: CompanyActor): Promise<MonitorRuleList> {
  const rows = await deps.db.db
    .selectFrom('monitor_rules')
    .select(['id', 'name', 'kind', 'value', 'enabled', 'created_at', 'updated_at', 'last_run_at'])
    .where('company_id', '=', actor.companyId)
    .orderBy('id', 'desc')
    .execute();
  const counts = await ruleCounts(
    deps,
    actor.companyId,
    rows.map((r) => Number(r.id)),
  );
  return { list: rows.map((r) => ruleOf(r, counts.get(Number(r.id)))), max: MONITOR_RULES_MAX };
}

export async function getRule(deps: Deps, actor: CompanyActor, id: number): Promise<MonitorRule> {
  const r = await ownRule(deps, actor, id);
  return ruleOf(r, (await ruleCounts(deps, actor.companyId, [id])).get(id));
}

type RuleInput = { name: string; kind: MonitorRuleKind; value: string; enabled: boolean };

export async function createRule(deps: Deps, actor: CompanyActor, input: RuleInput): Promise<MonitorRule> {
  const value = normaliseRuleValue(input.kind, input.value);
  const n = await deps.db.db
    .selectFrom('monitor_rules')
    .select(sql<number>`count(*)`.as('n'))
    .where('company_id', '=', actor.companyId)
    .executeTakeFirst();
  if (Number(n?.n ?? 0) >= MONITOR_RULES_MAX)
    throw conflict(`每个企业最多设置 ${MONITOR_RULES_MAX} 条监控规则，请先删除不再需要的规则`);
  const now = deps.clock();
  const iso = now.toISOString();
  const row = await deps.db.db
    .insertInto('monitor_rules')
    .values({
      company_id: actor.companyId,
      name: input.name,
      kind: input.kind,
      value,
      enabled: input.enabled ? 1 : 0,
      created_by: actor.userId,
      created_at: iso,
      updated_at: iso,
      watch_from: shanghaiDay(new Date(now.getTime() - WATCH_BACK_DAYS * 86400_000)),
      // The patents already in the database are the baseline: the rule reports what changes from now on.
      last_run_at: iso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getRule(deps, actor, Number(row.id));
}

export async function updateRule(deps: Deps, actor: CompanyActor, id: number, input: RuleInput): Promise<MonitorRule> {
  const old = await ownRule(deps, actor, id);
  const value = normaliseRuleValue(input.kind, input.value);
  await deps.db.db
    .updateTable('monitor_rules')
    .set({
      name: input.name,
      kind: input.kind,
      value,
      enabled: input.enabled ? 1 : 0,
      updated_at: deps.clock().toISOString(),
      // What the rule watches changed: it starts again from now (old hits stay).
      ...(old.kind !== input.kind || old.value !== value ? { last_run_at: deps.clock().toISOString() } : {}),
    })
    .where('id', '=', id)
    .where('company_id', '=', actor.companyId)
    .execute();
  return getRule(deps, actor, id);
}

export async function deleteRule(deps: Deps, actor: CompanyActor, id: number): Promise<void> {
  await ownRule(deps, actor, id);
  await deps.db.db.deleteFrom('monitor_hits').where('rule_id', '=', id).where('company_id', '=', actor.companyId).execute();
  await deps.db.db.deleteFrom('monitor_rules').where('id', '=', id).where('company_id', '=', actor.companyId).execute();
}

export async function runRuleNow(deps: Deps, actor: CompanyActor, id: number) {
  const r = await ownRule(deps, actor, id);
  if (!Number(r.enabled)) throw badRequest('该规则已停用，请先启用');
  return runMonitoring(deps, { companyId: actor.companyId, ruleIds: [id] });
}

// ─── hits ────────────────────────────────────────────────────────────────────────────────────────────────────

function hitQuery(deps: Deps, companyId: number) {
  return deps.db.db
    .selectFrom('monitor_hits as h')
    .innerJoin('monitor_rules as r', 'r.id', 'h.rule_id')
    .innerJoin('patents as p', 'p.id', 'h.patent_id')
    .where('h.company_id', '=', companyId);
}

const HIT_COLUMNS = [
  'h.id',
  'h.rule_id',
  'r.name as rule_name',
  'h.patent_id',
  'h.event',
  'h.event_date',
  'h.detail',
  'h.found_at',
  'h.read_at',
  'p.title',
  'p.an',
  'p.pn',
  'p.first_applicant',
  'p.type',
  'p.legal_status',
  'p.ipc_main',
] as const;

function hitOf(r: {
  id: number;
  rule_id: number;
  rule_name: string;
  patent_id: number;
  event: string;
  event_date: string;
  detail: string;
  found_at: string;
  read_at: string | null;
  title: string;
  an: string | null;
  pn: string | null;
  first_applicant: string;
  type: string;
  legal_status: string;
  ipc_main: string;
}): MonitorHit {
  const { read_at, ...rest } = r;
  return {
    ...rest,
    id: Number(r.id),
    rule_id: Number(r.rule_id),
    patent_id: Number(r.patent_id),
    event: r.event as MonitorEvent,
    read: read_at !== null,
  };
}

export async function listHits(deps: Deps, actor: CompanyActor, body: MonitorHitListQuery): Promise<MonitorHitList> {
  let q = hitQuery(deps, actor.companyId);
  if (body.rule_id) q = q.where('h.rule_id', '=', body.rule_id);
  if (body.event) q = q.where('h.event', '=', body.event);
  if (body.date_from) q = q.where('h.event_date', '>=', body.date_from);
  if (body.date_to) q = q.where('h.event_date', '<=', body.date_to);
  if (body.unread) q = q.where('h.read_at', 'is', null);
  const c = await q
    .select([sql<number>`count(*)`.as('n'), sql<number>`sum(CASE WHEN h.read_at IS NULL THEN 1 ELSE 0 END)`.as('u')])
    .executeTakeFirst();
  const rows = await q
    .select([...HIT_COLUMNS])
    .orderBy(sql`CASE WHEN h.read_at IS NULL THEN 0 ELSE 1 END`)
    .orderBy('h.event_date', 'desc')
    .orderBy('h.id', 'desc')
    .limit(body.page_size)
    .offset((body.page - 1) * body.page_size)
    .execute();
  return {
    total: Number(c?.n ?? 0),
    unread: Number(c?.u ?? 0),
    page: body.page,
    page_size: body.page_size,
    list: rows.map(hitOf),
  };
}

export async function getHit(deps: Deps, actor: CompanyActor, id: number): Promise<MonitorHit> {
  const r = await hitQuery(deps, actor.companyId)
    .select([...HIT_COLUMNS])
    .where('h.id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound('监控结果不存在');
  return hitOf(r);
}

export async function markRead(deps: Deps, actor: CompanyActor, body: MonitorReadQuery): Promise<{ updated: number }> {
  if (body.rule_id) await ownRule(deps, actor, body.rule_id);
  if (body.ids?.length) {
    const own = await deps.db.db
      .selectFrom('monitor_hits')
      .select('id')
      .where('company_id', '=', actor.companyId)
      .where('id', 'in', body.ids)
      .execute();
    if (own.length !== new Set(body.ids).size) throw notFound('监控结果不存在');
  }
  let q = deps.db.db
    .updateTable('monitor_hits')
    .set({ read_at: deps.clock().toISOString() })
    .where('company_id', '=', actor.companyId)
    .where('read_at', 'is', null);
  if (body.ids?.length) q = q.where('id', 'in', body.ids);
  else if (body.rule_id) q = q.where('rule_id', '=', body.rule_id);
  const r = await q.executeTakeFirst();
  // Their messages follow (ADR 0033): a monitoring message is read once all the hits it announces are read.
  if (Number(r.numUpdatedRows ?? 0) > 0) await monitorHitsRead(deps, actor.companyId);
  return { updated: Number(r.numUpdatedRows ?? 0) };
}

export async function timeline(deps: Deps, actor: CompanyActor, id: number): Promise<MonitorTimeline> {
  const rule = await getRule(deps, actor, id);
  const rows = await deps.db.db
    .selectFrom('monitor_hits')
    .select([sql<string>`substr(event_date, 1, 7)`.as('m'), 'event', sql<number>`count(*)`.as('n')])
    .where('company_id', '=', actor.companyId)
    .where('rule_id', '=', id)
    .groupBy([sql`substr(event_date, 1, 7)`, 'event'])
    .execute();
  const months = new Map<string, { month: string; publication: number; grant: number; status: number }>();
  for (const r of rows) {
    const m = months.get(r.m) ?? { month: r.m, publication: 0, grant: 0, status: 0 };
    if (r.event === 'publication' || r.event === 'grant' || r.event === 'status') m[r.event] += Number(r.n);
    months.set(r.m, m);
  }
  return { rule, months: [...months.values()].sort((a, b) => (a.month < b.month ? -1 : 1)) };
}

// ─── competitor vs company ───────────────────────────────────────────────────────────────────────────────────

type Counts = {
  years: Map<string, number>;
  sections: Map<string, number>;
  classes: Map<string, number>;
  types: Map<string, number>;
  status: Map<string, number>;
  total: number;
};

async function countsOf(deps: Deps, ids: ReturnType<typeof sql>): Promise<Counts> {
  const k = deps.db.db;
  const group = async (expr: ReturnType<typeof sql>) => {
    const r = await sql<{
      v: string | number | null;
      n: number;
    }>`SELECT ${expr} AS v, count(*) AS n FROM patents p WHERE p.id IN (${ids}) GROUP BY ${expr}`.execute(k);
    const m = new Map<string, number>();
    for (const row of r.rows) {
      const v = row.v === null || row.v === '' ? '未知' : String(row.v);
      m.set(v, (m.get(v) ?? 0) + Number(row.n));
    }
    return m;
  };
  const years = await group(sql`p.app_year`);
  return {
    years,
    sections: await group(sql`substr(p.ipc_main, 1, 1)`),
    classes: await group(sql`substr(p.ipc_main, 1, 4)`),
    types: await group(sql`p.type`),
    status: await group(sql`p.legal_status`),
    total: [...years.values()].reduce((a, b) => a + b, 0),
  };
}

function side(a: Map<string, number>, b: Map<string, number>, order: 'key' | 'count', limit?: number): MonitorCountRow[] {
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  const rows = keys.map((key) => ({ key, competitor: a.get(key) ?? 0, company: b.get(key) ?? 0 }));
  if (order === 'key') rows.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
  else rows.sort((x, y) => y.competitor + y.company - (x.competitor + x.company) || (x.key < y.key ? -1 : 1));
  return limit ? rows.slice(0, limit) : rows;
}

export async function compare(deps: Deps, actor: CompanyActor, id: number): Promise<MonitorCompare> {
  const rule = await getRule(deps, actor, id);
  if (rule.kind !== 'applicant') throw badRequest('只有“竞争对手（申请人）”类型的规则可以对比');
  const names = nameVariants(rule.value);
  const competitorIds = sql`SELECT pa.patent_id FROM patent_applicants pa WHERE pa.name IN (${sql.join(names)})`;
  const companyIds = sql`SELECT cp.patent_id FROM company_patents cp WHERE cp.company_id = ${actor.companyId} AND cp.removed = 0`;
  const [a, b] = [await countsOf(deps, competitorIds), await countsOf(deps, companyIds)];
  const company = await deps.db.db
    .selectFrom('companies')
    .select('company_name')
    .where('id', '=', actor.companyId)
    .executeTakeFirst();
  return {
    rule,
    competitor: { name: rule.value, total: a.total },
    company: { name: company?.company_name ?? '本企业', total: b.total },
    years: side(a.years, b.years, 'key'),
    ipc_sections: side(a.sections, b.sections, 'key'),
    ipc_classes: side(a.classes, b.classes, 'count', 15),
    types: side(a.types, b.types, 'count'),
    legal_status: side(a.status, b.status, 'count'),
  };
}
