// A monitoring run (ADR 0029): the patents changed since a rule last ran (patents.updated_at, set by every import
// that changes a patent) are read once for all the rules being run, a page at a time (an import may have changed a
// million); each rule picks its matches among them (an applicant, IPC prefix or number lookup in memory, an
// expression through the search engines asked about those ids only), and each matching patent's publications,
// grants and legal-status changes dated on or after the rule's watch_from day become hits. A hit is unique per
// (rule, patent, event, date): a run over the same patents again adds nothing. One message per rule and run
// summarises its new hits.
import { sql } from 'kysely';
import { MONITOR_EVENT_LABELS, type MonitorEvent, type MonitorRunReply } from '@ip/contract';
import type { Deps } from '../../deps';
import type { MonitorRulesTable } from '../../db/schema';
import { parseExpression, type Node } from '../../search/expression';
import { isGrantDocument, eventEffect } from '../patents/legal-status';
import { nameVariants } from '../company/company-link';
import { matchingAmong } from '../search/search.service';
import { insertJob, type JobHandlers } from '../jobs/jobs.service';
import { deliverToCompany } from '../messages/deliver';
import type { ScheduledTask } from '../scheduler/scheduler';

export const MONITOR_JOB = 'monitor-run';

type RuleRow = Omit<MonitorRulesTable, 'id' | 'enabled' | 'created_by'> & { id: number; enabled: number };

interface Changed {
  id: number;
  updated_at: string;
  an: string | null;
  pd: string | null;
  gd: string | null;
  country: string;
  publications: string;
  legal_events: string;
  applicants: string[];
  ipc: string[];
  stems: string[];
}

export interface HitEvent {
  event: MonitorEvent;
  date: string;
  detail: string;
}

/** The start of a day in Asia/Shanghai as an ISO instant (watch_from → the first window of a rule). */
export function dayStartIso(day: string): string {
  return new Date(`${day}T00:00:00+08:00`).toISOString();
}

const isDay = (d: unknown): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d);

function parseJson<T>(text: string): T[] {
  try {
    const v = JSON.parse(text || '[]');
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

/** The events of one patent dated on or after `from`: its publications (A → 新公开, B/C/U/Y/S/D → 新授权) and legal-status changes (lapse, invalidation, restoration, transfer). */
export function patentEvents(
  p: Pick<Changed, 'pd' | 'gd' | 'country' | 'publications' | 'legal_events'>,
  from: string,
): HitEvent[] {
  const out: HitEvent[] = [];
  const pubs = parseJson<{ pn?: string; kind?: string | null; date?: string | null }>(p.publications);
  for (const pub of pubs) {
    if (!isDay(pub.date) || pub.date < from) continue;
    const grant = isGrantDocument(p.country, pub.kind ?? null);
    out.push({
      event: grant ? 'grant' : 'publication',
      date: pub.date,
      detail: `${grant ? '授权公告' : '公开'} ${pub.pn ?? ''}`.trim(),
    });
  }
  if (pubs.length === 0) {
    if (isDay(p.pd) && p.pd >= from) out.push({ event: 'publication', date: p.pd, detail: '公开' });
    if (isDay(p.gd) && p.gd >= from) out.push({ event: 'grant', date: p.gd, detail: '授权公告' });
  }
  for (const e of parseJson<{ date?: string; code?: string; text?: string }>(p.legal_events)) {
    if (!isDay(e.date) || e.date < from) continue;
    const code = String(e.code ?? '');
    const text = String(e.text ?? '');
    const effect = eventEffect({ code, text });
    const transfer = /^TR0/i.test(code) || /TRANSFER/i.test(code) || /转移/.test(text);
    if (effect === 'lapse' || effect === 'restore' || transfer) {
      out.push({ event: 'status', date: e.date, detail: (text || code).slice(0, 200) });
    }
  }
  return out;
}

/**
 * What the rules of one run share over a page of changed patents (ADR 0032): those patents by applicant name, read
 * once for every applicant rule, and each distinct expression's matches among them, parsed and evaluated once however
 * many rules (of however many companies) use it.
 */
interface RunShared {
  changed: Changed[];
  byApplicant: Map<string, Changed[]> | null;
  /** expression text → matching ids among `changed`, or null when it does not parse */
  expressions: Map<string, Set<number> | null>;
}

function applicantIndex(shared: RunShared): Map<string, Changed[]> {
  if (shared.byApplicant) return shared.byApplicant;
  const index = new Map<string, Changed[]>();
  for (const c of shared.changed)
    for (const a of new Set(c.applicants)) {
      const l = index.get(a);
      if (l) l.push(c);
      else index.set(a, [c]);
    }
  return (shared.byApplicant = index);
}

/** What a rule of each kind matches among the changed patents (`mine`: those changed since the rule last ran). */
async function ruleMatches(deps: Deps, rule: RuleRow, mine: Changed[], shared: RunShared): Promise<Changed[]> {
  switch (rule.kind) {
    case 'applicant': {
      const index = applicantIndex(shared);
      const ids = new Set<number>();
      for (const name of nameVariants(rule.value)) for (const c of index.get(name) ?? []) ids.add(c.id);
      return ids.size ? mine.filter((c) => ids.has(c.id)) : [];
    }
    case 'ipc':
      return mine.filter((c) => c.ipc.some((code) => code.startsWith(rule.value)));
    case 'patents': {
      const nums = new Set(rule.value.split('\n').filter(Boolean));
      return mine.filter((c) => (c.an !== null && nums.has(c.an)) || c.stems.some((s) => nums.has(s)));
    }
    case 'expression': {
      let ids = shared.expressions.get(rule.value);
      if (ids === undefined) {
        let ast: Node | null = null;
        try {
          ast = parseExpression(rule.value);
        } catch {
          ast = null;
        }
        ids = ast
          ? new Set(
              await matchingAmong(
                deps,
                ast,
                shared.changed.map((c) => c.id),
              ),
            )
          : null;
        shared.expressions.set(rule.value, ids);
      }
      return ids ? mine.filter((c) => ids.has(c.id)) : [];
    }
    default:
      return [];
  }
}

/**
 * Changed patents read and matched against every rule per step. After an import every imported patent has changed:
 * a run reads their ids first (a number each), then their rows a page at a time, so its memory
 * does not grow with the size of the import (a run that held a million changed patents' rows took 2 GB).
 */
export const MONITOR_PAGE = 500;

/**
 * The ids of the patents changed in (from, to], ascending: along patents_updated_at in (updated_at, id) order, `page`
 * at a time (keyset, no sort of the whole range per page).
 */
async function changedIds(deps: Deps, from: string, to: string, page: number): Promise<number[]> {
  const k = deps.db.db;
  const ids: number[] = [];
  type Key = { updated_at: string; id: number };
  let after: Key | null = null;
  for (;;) {
    const last: Key | null = after;
    const rows: Key[] = await k
      .selectFrom('patents')
      .select(['id', 'updated_at'])
      .where((eb) =>
        last ? eb(eb.refTuple('updated_at', 'id'), '>', eb.tuple(last.updated_at, last.id)) : eb('updated_at', '>', from),
      )
      .where('updated_at', '<=', to)
      .orderBy('updated_at')
      .orderBy('id')
      .limit(page)
      .execute();
    for (const r of rows) ids.push(Number(r.id));
    if (rows.length < page) break;
    const end: Key = rows[rows.length - 1];
    after = { updated_at: end.updated_at, id: Number(end.id) };
  }
  return ids.sort((a, b) => a - b);
}

/** Those of `ids` (ascending) still changed in (from, to], with what the rules look at. */
async function loadChanged(deps: Deps, ids: readonly number[], from: string, to: string): Promise<Changed[]> {
  const k = deps.db.db;
  const out: Changed[] = [];
  const byId = new Map<number, Changed>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const rows = await k
      .selectFrom('patents')
      .select(['id', 'updated_at', 'an', 'pd', 'gd', 'country', 'publications', 'legal_events'])
      .where('id', 'in', chunk)
      .where('updated_at', '>', from)
      .where('updated_at', '<=', to)
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const c: Changed = { ...r, id: Number(r.id), applicants: [], ipc: [], stems: [] };
      byId.set(c.id, c);
      out.push(c);
    }
    for (const a of await k
      .selectFrom('patent_applicants')
      .select(['patent_id', 'name'])
      .where('patent_id', 'in', chunk)
      .execute())
      byId.get(Number(a.patent_id))?.applicants.push(a.name);
    for (const a of await k.selectFrom('patent_ipc').select(['patent_id', 'code']).where('patent_id', 'in', chunk).execute())
      byId.get(Number(a.patent_id))?.ipc.push(a.code);
    for (const a of await k.selectFrom('patent_pubs').select(['patent_id', 'stem']).where('patent_id', 'in', chunk).execute())
      byId.get(Number(a.patent_id))?.stems.push(a.stem);
  }
  return out;
}

export interface RunOptions {
  companyId?: number;
  ruleIds?: number[];
  /** Changed patents per step (tests); MONITOR_PAGE by default. */
  pageSize?: number;
}

/** A rule's new hits in one run: how many of each event, and the first hit's id (the message's key). */
interface NewHits {
  count: number;
  first: number;
  events: Record<MonitorEvent, number>;
}

/**
 * Runs the enabled rules (all, a company's, or some) over the patents changed since each last ran: the changed
 * patents page by page (MONITOR_PAGE, in id order), every rule over each page (a rule's hits in patent order, the
 * rules' hits of a page after those of the page before); then each rule's last run and message.
 */
export async function runMonitoring(deps: Deps, opts: RunOptions = {}): Promise<MonitorRunReply> {
  const now = deps.clock().toISOString();
  let q = deps.db.db.selectFrom('monitor_rules').selectAll().where('enabled', '=', 1);
  if (opts.companyId) q = q.where('company_id', '=', opts.companyId);
  if (opts.ruleIds) q = q.where('id', 'in', opts.ruleIds.length ? opts.ruleIds : [0]);
  const rules = (await q.orderBy('id').execute()).map((r) => ({ ...r, id: Number(r.id), enabled: Number(r.enabled) }));
  if (rules.length === 0) return { rules: 0, hits: 0 };
  const startOf = (r: RuleRow) => r.last_run_at ?? dayStartIso(r.watch_from);
  const from = rules.map(startOf).reduce((a, b) => (a < b ? a : b));
  const page = Math.max(1, opts.pageSize ?? MONITOR_PAGE);
  const ids = await changedIds(deps, from, now, page);
  const found: NewHits[] = rules.map(() => ({ count: 0, first: Infinity, events: { publication: 0, grant: 0, status: 0 } }));
  for (let p = 0; p < ids.length; p += page) {
    const changed = await loadChanged(deps, ids.slice(p, p + page), from, now);
    const shared: RunShared = { changed, byApplicant: null, expressions: new Map() };
    // Rules that last ran together (every rule after a nightly run) share one list of the patents changed since.
    const since = new Map<string, Changed[]>([[from, changed]]);
    for (const [r, rule] of rules.entries()) {
      const start = startOf(rule);
      let mine = since.get(start);
      if (!mine) since.set(start, (mine = changed.filter((c) => c.updated_at > start)));
      const matched = mine.length ? await ruleMatches(deps, rule, mine, shared) : [];
      const values = matched.flatMap((c) =>
        patentEvents(c, rule.watch_from).map((e) => ({
          rule_id: rule.id,
          company_id: rule.company_id,
          patent_id: c.id,
          event: e.event,
          event_date: e.date,
          detail: e.detail.slice(0, 300),
          found_at: now,
          read_at: null,
        })),
      );
      for (let i = 0; i < values.length; i += 200) {
        const rows = await deps.db.db
          .insertInto('monitor_hits')
          .values(values.slice(i, i + 200))
          .onConflict((oc) => oc.columns(['rule_id', 'patent_id', 'event', 'event_date']).doNothing())
          .returning(['id', 'event'])
          .execute();
        for (const row of rows) {
          const f = found[r];
          f.count++;
          f.first = Math.min(f.first, Number(row.id));
          f.events[row.event as MonitorEvent]++;
        }
      }
    }
  }
  let hits = 0;
  for (const [r, rule] of rules.entries()) {
    await deps.db.db
      .updateTable('monitor_rules')
      .set({ last_run_at: now })
      .where('id', '=', rule.id)
      .where((eb) => eb.or([eb('last_run_at', 'is', null), eb('last_run_at', '<', now)]))
      .execute();
    if (found[r].count) {
      hits += found[r].count;
      await notify(deps, rule, found[r]);
    }
  }
  return { rules: rules.length, hits };
}

async function notify(deps: Deps, rule: RuleRow, found: NewHits): Promise<void> {
  const counts = (['publication', 'grant', 'status'] as const)
    .map((e) => [e, found.events[e]] as const)
    .filter(([, n]) => n > 0)
    .map(([e, n]) => `${MONITOR_EVENT_LABELS[e]} ${n} 件`);
  const first = found.first;
  await deliverToCompany(deps, rule.company_id, {
    kind: 'monitor',
    title: `专利监控“${rule.name}”发现 ${found.count} 条新动态`,
    body: counts.join('，'),
    link: `/compdetail?id=${rule.id}`,
    objectType: 'monitor_rule',
    objectId: rule.id,
    key: `monitor:${first}`,
  });
}

/** Queues a monitoring run unless one is already waiting (after an import, every night). */
export async function queueMonitoring(deps: Pick<Deps, 'db' | 'clock'>, ownerId = 0): Promise<number | null> {
  const waiting = await deps.db.db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', MONITOR_JOB)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  if (waiting) return null;
  const rules = await deps.db.db
    .selectFrom('monitor_rules')
    .select(sql<number>`count(*)`.as('n'))
    .where('enabled', '=', 1)
    .executeTakeFirst();
  if (!Number(rules?.n ?? 0)) return null;
  return insertJob(deps.db.db, { kind: MONITOR_JOB, ownerId }, deps.clock().toISOString());
}

export const monitorJobHandlers: JobHandlers = {
  [MONITOR_JOB]: async (ctx) => ({ ...(await runMonitoring(ctx.deps)) }),
};

/** Every night at 02:30 (Asia/Shanghai), and once at start for a night missed while the server was down. */
export const nightlyMonitoringTask: ScheduledTask = {
  name: 'nightly patent monitoring',
  cron: '30 2 * * *',
  runAtStart: true,
  async run(deps) {
    const id = await queueMonitoring(deps);
    if (id) deps.jobs?.poke();
    return id;
  },
};
