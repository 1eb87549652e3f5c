// The fee calls of /costdetails (年费预警, ADR 0026): a company's patents with their next annual fee, one patent's whole
// schedule, payments (recorded one by one or imported from Excel), the export, the five-year forecast and the /home
// figures. The fee engine (fee-engine.ts, DOMAIN §3) decides every date, amount and state; this file only reads the
// company's patents and payments, asks the engine, filters, sorts and writes payments. Every query is filtered by
// the acting company: another company's patent is answered as not in the portfolio, and nothing is written.
import ExcelJS from 'exceljs';
import {
  FEE_FORECAST_YEARS,
  FEE_IMPORT_HEADERS,
  FEE_IMPORT_MAX_ROWS,
  FeePayBody,
  feeStateLabel,
  isIsoDate,
  type FeeCounts,
  type FeeForecast,
  type FeeImportReport,
  type FeeImportRow,
  type FeeList,
  type FeeListQuery,
  type FeePayInput,
  type FeePaymentView,
  type FeeRow,
  type FeeSchedule,
  type FeeState,
  type FeeSummary,
  type FeeYearView,
  type RecordExport,
} from '@ip/contract';
import { containsText } from '../../db/sql';
import type { Deps } from '../../deps';
import { badRequest, conflict } from '../../http/errors';
import { getWorkingCalendar, type WorkingCalendar } from '../calendar/working-calendar';
import type { CompanyActor } from '../company/company-context';
import { attachmentsOf, chinaToday, checkAttachments, writeExport } from '../common/records';
import { getFile, pathOf } from '../common/file-store';
import { releaseAttachments } from '../common/attachment-cleanup';
import { feeNext, feeStatus, type FeeYearStatus, type PatentFeeStatus } from './fee-engine';
import { loadFeeFacts, loadFeeInputs, type FeeFact } from './fee-facts';
import { markFeePaid, reopenFeeWarnings } from './fee-warnings';

/** A patent's term, state and next fee (what lists need; the schedule also has every year). */
type NextStatus = Omit<PatentFeeStatus, 'years'>;

export const NOT_IN_PORTFOLIO = '该专利不在本企业专利库中';

interface OwnPatent {
  id: number;
  title: string;
  an: string | null;
  type: string;
  category_id: number;
  is_core: number;
}

interface Evaluated {
  fact: FeeFact;
  status: NextStatus;
}

const TYPE_LABELS: Record<string, string> = { invention: '发明', utility: '实用新型', design: '外观设计' };

/** The company's own patents (not removed, not merely collected), optionally narrowed by the list's filters. */
async function ownPatents(
  deps: Deps,
  companyId: number,
  f: { category_id?: number; is_core?: 0 | 1; keyword?: string; patent_id?: number } = {},
): Promise<OwnPatent[]> {
  let q = deps.db.db
    .selectFrom('company_patents as cp')
    .innerJoin('patents as p', 'p.id', 'cp.patent_id')
    .where('cp.company_id', '=', companyId)
    .where('cp.removed', '=', 0)
    .where('cp.source', '<>', 'collect');
  if (f.patent_id) q = q.where('cp.patent_id', '=', f.patent_id);
  if (f.category_id !== undefined) q = q.where('cp.category_id', '=', f.category_id);
  if (f.is_core !== undefined) q = q.where('cp.is_core', '=', f.is_core);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([containsText('p.title', k), containsText('p.an', k)]));
  }
  const rows = await q.select(['p.id', 'p.title', 'p.an', 'p.type', 'cp.category_id', 'cp.is_core']).orderBy('p.id').execute();
  return rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    an: r.an,
    type: r.type,
    category_id: Number(r.category_id),
    is_core: Number(r.is_core),
  }));
}

/**
 * The company's own patents (optionally narrowed by the list's filters) with their next fee, in patent id order
 * (ADR 0032): one query for the fee facts with the paid years as bits, and feeNext — the same term, state and next
 * fee as feeStatus without building every year. A keyword (on title and application number) first narrows the ids.
 */
async function evaluate(
  deps: Deps,
  companyId: number,
  cal: WorkingCalendar,
  today: string,
  f: { category_id?: number; is_core?: 0 | 1; keyword?: string } = {},
): Promise<Evaluated[]> {
  let patentIds: number[] | undefined;
  if (f.keyword) {
    patentIds = (await ownPatents(deps, companyId, f)).map((p) => p.id);
    if (!patentIds.length) return [];
  }
  const facts = await loadFeeFacts(deps, companyId, { patentIds, categoryId: f.category_id, isCore: f.is_core });
  return facts.map((fact) => ({ fact, status: feeNext(fact.input, cal, today) }));
}

/** Titles of patents by id (the rows shown: a page of the list, or the export). */
async function titlesOf(deps: Deps, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 5000) {
    const chunk = ids.slice(i, i + 5000);
    const rows = await deps.db.db.selectFrom('patents').select(['id', 'title']).where('id', 'in', chunk).execute();
    for (const r of rows) out.set(Number(r.id), r.title);
  }
  return out;
}

async function toRows(deps: Deps, list: readonly Evaluated[]): Promise<FeeRow[]> {
  const titles = await titlesOf(
    deps,
    list.map((e) => e.fact.id),
  );
  return list.map((e) => toRow(e, titles.get(e.fact.id) ?? ''));
}

/** Whether a payment may be recorded for the year today: due, in grace, lapsed (restorable), or the next to fall due. */
function isPayable(status: NextStatus, y: FeeYearStatus): boolean {
  if (y.payment) return false;
  if (y.state === 'due' || y.state === 'grace' || y.state === 'lapsed') return true;
  return y.state === 'not_due' && status.next?.year === y.year;
}

function yearView(status: NextStatus, y: FeeYearStatus, payment: FeePaymentView | null = null): FeeYearView {
  return {
    year: y.year,
    start: y.start,
    due: y.due,
    full_fee: y.fullFee,
    reduction_pct: y.reductionPct,
    amount: y.amount,
    grace_end: y.graceEnd,
    state: y.state,
    days_left: y.daysLeft,
    late_fee_pct: y.lateFeePct,
    late_fee: y.lateFee,
    total_if_paid_today: y.totalIfPaidToday,
    restoration_fee: y.restorationFee,
    payable: isPayable(status, y),
    payment:
      payment ??
      (y.payment ? { ...y.payment, paid_on: y.payment.paidOn, payer: '', note: '', file: null, created_at: '' } : null),
  };
}

/** The state a patent is listed under: its next fee's, or paid when nothing is left to pay now. */
function rowState(s: NextStatus): FeeState {
  if (s.next) return s.next.state;
  return s.state === 'expired' ? 'expired' : s.state === 'pre_grant' ? 'pre_grant' : 'paid';
}

function toRow(e: Evaluated, title: string): FeeRow {
  return {
    patent_id: e.fact.id,
    title,
    an: e.fact.an,
    type: e.fact.type,
    category_id: e.fact.categoryId,
    is_core: e.fact.isCore,
    reduction_pct: e.fact.input.reductionPct,
    expiry: e.status.term.expiry,
    state: rowState(e.status),
    next: e.status.next ? yearView(e.status, e.status.next) : null,
  };
}

const isUpcoming = (n: FeeYearStatus | null, days: number) =>
  !!n && (n.state === 'due' || n.state === 'not_due') && n.daysLeft >= 0 && n.daysLeft <= days;

function countsOf(all: Evaluated[]): FeeCounts {
  const c: FeeCounts = {
    total: all.length,
    due_30: 0,
    due_30_amount: 0,
    due_90: 0,
    due_90_amount: 0,
    grace: 0,
    grace_amount: 0,
    lapsed: 0,
  };
  for (const { status } of all) {
    const n = status.next;
    if (!n) continue;
    if (isUpcoming(n, 30)) {
      c.due_30 += 1;
      c.due_30_amount += n.amount;
    }
    if (isUpcoming(n, 90)) {
      c.due_90 += 1;
      c.due_90_amount += n.amount;
    }
    if (n.state === 'grace') {
      c.grace += 1;
      c.grace_amount += n.totalIfPaidToday;
    }
    if (n.state === 'lapsed') c.lapsed += 1;
  }
  c.due_30_amount = round2(c.due_30_amount);
  c.due_90_amount = round2(c.due_90_amount);
  c.grace_amount = round2(c.grace_amount);
  return c;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function matches(e: Evaluated, f: Pick<FeeListQuery, 'state' | 'within_days'>): boolean {
  const n = e.status.next;
  if (f.within_days !== undefined && !isUpcoming(n, f.within_days)) return false;
  if (f.state) {
    const s = rowState(e.status);
    if (f.state === 'paid') return s === 'paid' || s === 'paid_at_grant';
    return s === f.state;
  }
  return true;
}

function sortKey(e: Evaluated, field: FeeListQuery['sort_field']): string | number | null {
  const n = e.status.next;
  switch (field) {
    case 'due':
      return n?.due ?? null;
    case 'amount':
      return n?.amount ?? null;
    case 'late_fee':
      return n?.lateFee ?? null;
    case 'grace_end':
      return n?.graceEnd ?? null;
    case 'an':
      return e.fact.an ?? null;
  }
}

/** Rows in the asked order; rows without a next fee last in both orders, ties by patent id. */
function sortRows(rows: Evaluated[], field: FeeListQuery['sort_field'], order: FeeListQuery['sort_order']) {
  const dir = order === 'descend' ? -1 : 1;
  const keyed = rows.map((e) => ({ e, k: sortKey(e, field) }));
  keyed.sort((a, b) => {
    if (a.k === null || b.k === null) {
      if (a.k === b.k) return a.e.fact.id - b.e.fact.id;
      return a.k === null ? 1 : -1;
    }
    if (a.k < b.k) return -dir;
    if (a.k > b.k) return dir;
    return a.e.fact.id - b.e.fact.id;
  });
  return keyed.map((x) => x.e);
}

/** The list's patents, filtered and in the asked order (rows are built only for what is shown: ADR 0032). */
async function filteredRows(deps: Deps, actor: CompanyActor, f: Omit<FeeListQuery, 'page' | 'page_size'>) {
  const today = chinaToday(deps.clock());
  const cal = await getWorkingCalendar(deps);
  const all = await evaluate(deps, actor.companyId, cal, today, f);
  const rows = sortRows(
    all.filter((e) => matches(e, f)),
    f.sort_field,
    f.sort_order,
  );
  return { today, all, rows };
}

/** POST /v1/frontend/fee/index */
export async function listFees(deps: Deps, actor: CompanyActor, q: FeeListQuery): Promise<FeeList> {
  const { today, all, rows } = await filteredRows(deps, actor, q);
  const start = (q.page - 1) * q.page_size;
  return {
    list: await toRows(deps, rows.slice(start, start + q.page_size)),
    total: rows.length,
    page: q.page,
    page_size: q.page_size,
    counts: countsOf(all),
    today,
  };
}

/** The company's patent (own, not removed) or 400 该专利不在本企业专利库中. */
async function ownPatent(deps: Deps, companyId: number, patentId: number): Promise<OwnPatent> {
  const [p] = await ownPatents(deps, companyId, { patent_id: patentId });
  if (!p) throw badRequest(NOT_IN_PORTFOLIO, [{ path: 'patent_id', msg: NOT_IN_PORTFOLIO }]);
  return p;
}

async function patentStatus(deps: Deps, companyId: number, patentId: number, today: string) {
  const patent = await ownPatent(deps, companyId, patentId);
  const cal = await getWorkingCalendar(deps);
  const input = (await loadFeeInputs(deps, companyId, [patentId])).get(patentId);
  if (!input) throw badRequest('该专利尚无申请日，无法计算年费', [{ path: 'patent_id', msg: '该专利尚无申请日，无法计算年费' }]);
  return { patent, input, status: feeStatus(input, cal, today) };
}

/** POST /v1/frontend/fee/schedule: every year of the term with its state and payment. */
export async function feeScheduleOf(deps: Deps, actor: CompanyActor, patentId: number): Promise<FeeSchedule> {
  const today = chinaToday(deps.clock());
  const { patent, input, status } = await patentStatus(deps, actor.companyId, patentId, today);
  const payments = await deps.db.db
    .selectFrom('fee_payments')
    .select(['year', 'paid_on', 'amount', 'payer', 'note', 'file_id', 'created_at'])
    .where('company_id', '=', actor.companyId)
    .where('patent_id', '=', patentId)
    .execute();
  const files = await attachmentsOf(
    deps,
    payments.map((p) => Number(p.file_id)).filter((id) => id > 0),
  );
  const fileById = new Map(files.map((f) => [f.id, f]));
  const byYear = new Map<number, FeePaymentView>(
    payments.map((p) => [
      Number(p.year),
      {
        year: Number(p.year),
        paid_on: p.paid_on,
        amount: Number(p.amount),
        payer: p.payer,
        note: p.note,
        file: fileById.get(Number(p.file_id)) ?? null,
        created_at: p.created_at,
      },
    ]),
  );
  return {
    patent: {
      id: patent.id,
      title: patent.title,
      an: patent.an,
      type: patent.type,
      filing_date: input.filingDate,
      grant_date: input.grantDate,
    },
    reduction_pct: input.reductionPct,
    term_adjustment_days: input.termAdjustmentDays ?? 0,
    term: status.term,
    state: rowState(status),
    next: status.next ? yearView(status, status.next, byYear.get(status.next.year) ?? null) : null,
    years: status.years.map((y) => yearView(status, y, byYear.get(y.year) ?? null)),
    today,
  };
}

/** Why a payment cannot be recorded for the year, or null when it can. */
function refusal(status: PatentFeeStatus, year: number, paidOn: string, today: string): string | null {
  const y = status.years.find((x) => x.year === year);
  if (!y) return `该专利没有第 ${year} 年度（保护期共 ${status.term.years} 年）`;
  if (y.payment) return `第 ${year} 年度的年费已有缴费记录，不能重复记录`;
  if (y.state === 'pre_grant') return `第 ${year} 年度在授权之前，无需缴纳年费`;
  if (y.state === 'paid_at_grant') return `第 ${year} 年度的年费已在办理登记手续时缴纳`;
  if (y.state === 'expired') return `第 ${year} 年度已超出保护期，无需缴纳`;
  if (!isPayable(status, y)) return `第 ${year} 年度的年费尚未到缴费期（应缴日期 ${y.due}），请先缴纳之前的年度`;
  if (paidOn > today) return `缴费日期不能晚于今天（${today}）`;
  return null;
}

async function insertPayment(deps: Deps, actor: CompanyActor, patentId: number, p: FeePayInput): Promise<void> {
  const now = deps.clock().toISOString();
  try {
    await deps.db.db
      .insertInto('fee_payments')
      .values({
        company_id: actor.companyId,
        patent_id: patentId,
        year: p.year,
        paid_on: p.paid_on,
        amount: p.amount,
        payer: p.payer,
        file_id: p.file_id,
        note: p.note,
        created_by: actor.userId,
        created_at: now,
      })
      .execute();
  } catch (err) {
    // The unique (company_id, patent_id, year): another request recorded the year in the meantime.
    if (/unique|duplicate/i.test(String((err as Error).message))) {
      throw conflict(`第 ${p.year} 年度的年费已有缴费记录，不能重复记录`);
    }
    throw err;
  }
}

/** POST /v1/frontend/fee/pay: records a payment; the year's warning messages become handled. */
export async function recordPayment(deps: Deps, actor: CompanyActor, p: FeePayInput): Promise<FeeSchedule> {
  const today = chinaToday(deps.clock());
  const { status } = await patentStatus(deps, actor.companyId, p.patent_id, today);
  const why = refusal(status, p.year, p.paid_on, today);
  if (why) throw badRequest(why, [{ path: why.startsWith('缴费日期') ? 'paid_on' : 'year', msg: why }]);
  if (p.file_id) await checkAttachments(deps, actor.companyId, [p.file_id]).catch(rename);
  await insertPayment(deps, actor, p.patent_id, p);
  await markFeePaid(deps, actor.companyId, p.patent_id, p.year);
  return feeScheduleOf(deps, actor, p.patent_id);
}

function rename(err: unknown): never {
  const msg = '缴费凭证不存在或不属于本企业，请重新上传';
  if (err instanceof Error && 'status' in err && (err as { status: number }).status === 400) {
    throw badRequest(msg, [{ path: 'file_id', msg }]);
  }
  throw err;
}

/** POST /v1/frontend/fee/delete_payment */
export async function deletePayment(deps: Deps, actor: CompanyActor, patentId: number, year: number): Promise<FeeSchedule> {
  await ownPatent(deps, actor.companyId, patentId);
  const gone = await deps.db.db
    .deleteFrom('fee_payments')
    .where('company_id', '=', actor.companyId)
    .where('patent_id', '=', patentId)
    .where('year', '=', year)
    .returning('file_id')
    .executeTakeFirst();
  if (!gone) throw badRequest(`第 ${year} 年度没有缴费记录`, [{ path: 'year', msg: `第 ${year} 年度没有缴费记录` }]);
  // The receipt leaves the disk with the payment unless another record names it (ADR 0037).
  await releaseAttachments(deps, [Number(gone.file_id)]);
  await reopenFeeWarnings(deps, actor.companyId, patentId, year);
  return feeScheduleOf(deps, actor, patentId);
}

// ─── export ─────────────────────────────────────────────────────────────────────────────────────────────────

/** POST /v1/frontend/fee/export: the filtered list (every row, in the list's order) as .xlsx. */
export async function exportFees(
  deps: Deps,
  actor: CompanyActor,
  f: Omit<FeeListQuery, 'page' | 'page_size'>,
): Promise<RecordExport> {
  const { today, rows: list } = await filteredRows(deps, actor, f);
  const rows = await toRows(deps, list);
  const n = (r: FeeRow) => r.next;
  return writeExport<FeeRow>(deps, actor.userId, {
    name: `年费预警-${today}.xlsx`,
    sheet: '年费预警',
    rows,
    truncated: false,
    columns: [
      { header: '申请号', width: 20, value: (r) => r.an ?? '' },
      { header: '专利名称', width: 40, value: (r) => r.title },
      { header: '类型', width: 10, value: (r) => TYPE_LABELS[r.type] ?? r.type },
      { header: '费减', width: 8, value: (r) => (r.reduction_pct ? `${r.reduction_pct}%` : '无') },
      { header: '年度', width: 8, value: (r) => n(r)?.year ?? '' },
      { header: '应缴日期', width: 12, value: (r) => n(r)?.due ?? '' },
      { header: '剩余天数', width: 10, value: (r) => n(r)?.days_left ?? '' },
      { header: '应缴金额（元）', width: 14, value: (r) => n(r)?.amount ?? '' },
      { header: '状态', width: 18, value: (r) => feeStateLabel(r.state, n(r)?.late_fee_pct ?? 0) },
      { header: '今日缴纳滞纳金（元）', width: 18, value: (r) => n(r)?.late_fee ?? '' },
      { header: '最后缴费日', width: 12, value: (r) => n(r)?.grace_end ?? '' },
      { header: '保护期届满', width: 12, value: (r) => r.expiry },
    ],
  });
}

// ─── import ─────────────────────────────────────────────────────────────────────────────────────────────────

/** A patent number as the import compares it: no CN/ZL prefix, no spaces, dots or dashes, upper case. */
export const anKey = (s: string) =>
  s
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s.\-·]/g, '')
    .replace(/^(CN|ZL)/, '');

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('text' in v) return String(v.text);
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    return '';
  }
  return String(v).trim();
}

/** A date cell: an Excel date, YYYY-MM-DD, YYYY/MM/DD or YYYY.MM.DD. */
function dateText(v: ExcelJS.CellValue): string {
  const t = cellText(v);
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(t);
  return m ? `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}` : t;
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * POST /v1/frontend/fee/import: one payment per row (专利号, 年度, 缴费日期, 金额, 缴费人). Each row is checked like
 * a recorded payment and written alone: a refused row is reported with its reason and writes nothing; the others are
 * recorded. The report lists every row.
 */
export async function importPayments(deps: Deps, actor: CompanyActor, fileId: number): Promise<FeeImportReport> {
  const badFile = '导入文件不存在或不属于本企业，请重新上传';
  await checkAttachments(deps, actor.companyId, [fileId]).catch(() => {
    throw badRequest(badFile, [{ path: 'file_id', msg: badFile }]);
  });
  const file = await getFile(deps, fileId);
  if (!file) throw badRequest(badFile, [{ path: 'file_id', msg: badFile }]);
  if (file.mime !== XLSX_MIME && !file.name.toLowerCase().endsWith('.xlsx')) {
    throw badRequest('导入文件应为 Excel（.xlsx）文件', [{ path: 'file_id', msg: '导入文件应为 Excel（.xlsx）文件' }]);
  }
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.readFile(pathOf(deps.config, file));
  } catch {
    throw badRequest('无法读取该 Excel 文件，请使用模板另存为 .xlsx 后重试');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw badRequest('Excel 文件中没有工作表');
  const header = (ws.getRow(1).values as ExcelJS.CellValue[]).map((v) => cellText(v));
  const col = FEE_IMPORT_HEADERS.map((h) => header.findIndex((x) => x === h));
  const missing = FEE_IMPORT_HEADERS.filter((_, i) => col[i] < 0);
  if (missing.length) throw badRequest(`第 1 行缺少列：${missing.join('、')}（应为 ${FEE_IMPORT_HEADERS.join('、')}）`);
  if (ws.rowCount - 1 > FEE_IMPORT_MAX_ROWS) throw badRequest(`一次最多导入 ${FEE_IMPORT_MAX_ROWS} 行`);

  const patents = await ownPatents(deps, actor.companyId);
  const byAn = new Map(patents.filter((p) => p.an).map((p) => [anKey(p.an!), p]));
  const today = chinaToday(deps.clock());
  const cal = await getWorkingCalendar(deps);
  const statusCache = new Map<number, PatentFeeStatus>();
  const rows: FeeImportRow[] = [];
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const cells = col.map((c) => row.getCell(c).value);
    if (cells.every((v) => cellText(v) === '')) continue;
    const an = cellText(cells[0]);
    const yearText = cellText(cells[1]).replace(/^第|年度?$/g, '');
    const out: FeeImportRow = { row: r, an, year: /^\d+$/.test(yearText) ? Number(yearText) : null, ok: false, msg: '' };
    rows.push(out);
    const patent = an ? byAn.get(anKey(an)) : undefined;
    if (!an) {
      out.msg = '请填写专利号';
      continue;
    }
    if (!patent) {
      out.msg = NOT_IN_PORTFOLIO;
      continue;
    }
    const parsed = FeePayBody.safeParse({
      patent_id: patent.id,
      year: yearText,
      paid_on: dateText(cells[2]),
      amount: cellText(cells[3]),
      payer: cellText(cells[4]),
    });
    if (!parsed.success) {
      out.msg = parsed.error.issues[0]?.message ?? '该行内容不正确';
      continue;
    }
    const p = parsed.data;
    if (!isIsoDate(p.paid_on)) {
      out.msg = '缴费日期格式不正确';
      continue;
    }
    let status = statusCache.get(patent.id);
    if (!status) {
      const input = (await loadFeeInputs(deps, actor.companyId, [patent.id])).get(patent.id);
      if (!input) {
        out.msg = '该专利尚无申请日，无法计算年费';
        continue;
      }
      status = feeStatus(input, cal, today);
      statusCache.set(patent.id, status);
    }
    const why = refusal(status, p.year, p.paid_on, today);
    if (why) {
      out.msg = why;
      continue;
    }
    try {
      await insertPayment(deps, actor, patent.id, p);
    } catch (err) {
      out.msg = err instanceof Error ? err.message : '写入失败';
      continue;
    }
    await markFeePaid(deps, actor.companyId, patent.id, p.year);
    // The next rows of the same patent see this payment (a later year becomes payable, the same year a duplicate).
    const input = (await loadFeeInputs(deps, actor.companyId, [patent.id])).get(patent.id)!;
    statusCache.set(patent.id, feeStatus(input, cal, today));
    out.ok = true;
    out.msg = '已记录';
  }
  const recorded = rows.filter((r) => r.ok).length;
  return { total: rows.length, recorded, refused: rows.length - recorded, rows };
}

// ─── forecast and summary ───────────────────────────────────────────────────────────────────────────────────

/** POST /v1/frontend/fee/forecast: the unpaid fees of the next five years by month (overdue ones in this month). */
export async function feeForecast(deps: Deps, actor: CompanyActor): Promise<FeeForecast> {
  const today = chinaToday(deps.clock());
  const cal = await getWorkingCalendar(deps);
  const all = await loadFeeInputs(deps, actor.companyId);
  const first = today.slice(0, 7);
  const months: FeeForecast['months'] = [];
  let [y, m] = first.split('-').map(Number);
  for (let i = 0; i < FEE_FORECAST_YEARS * 12; i++) {
    months.push({ month: `${y}-${String(m).padStart(2, '0')}`, amount: 0, count: 0 });
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  const index = new Map(months.map((x, i) => [x.month, i]));
  for (const input of all.values()) {
    const status = feeStatus(input, cal, today);
    for (const fy of status.years) {
      if (fy.payment) continue;
      let i: number | undefined;
      if (fy.state === 'grace') i = 0;
      else if (fy.state === 'due' || fy.state === 'not_due') i = index.get(fy.due.slice(0, 7));
      if (i === undefined) continue;
      months[i].amount += fy.state === 'grace' ? fy.totalIfPaidToday : fy.amount;
      months[i].count += 1;
    }
  }
  for (const x of months) x.amount = round2(x.amount);
  const years = new Map<number, number>();
  for (const x of months) years.set(Number(x.month.slice(0, 4)), (years.get(Number(x.month.slice(0, 4))) ?? 0) + x.amount);
  return {
    months,
    total: round2(months.reduce((s, x) => s + x.amount, 0)),
    years: [...years].map(([year, amount]) => ({ year, amount: round2(amount) })),
  };
}

/** The fee figures of /home and of the cards of /costdetails. */
export async function feeSummary(deps: Deps, companyId: number): Promise<FeeSummary> {
  const today = chinaToday(deps.clock());
  const cal = await getWorkingCalendar(deps);
  const all = await evaluate(deps, companyId, cal, today);
  const { total: _total, ...rest } = countsOf(all);
  void _total;
  return rest;
}
