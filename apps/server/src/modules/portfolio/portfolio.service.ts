// The company's patent portfolio (issue 9, ADR 0020): its category tree, the list of its patents with their
// category, core and collected marks, adding by number, removal and restore, and 研判 notes. Every function takes
// the company from the session (companyActor) and filters every query by it: an id of another company's category,
// note or portfolio row answers "不存在", exactly like an id that does not exist, and changes nothing.
import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import {
  CATEGORY_COUNT_MAX,
  CATEGORY_DEPTH_MAX,
  PORTFOLIO_EXPORT_MAX,
  UNCATEGORIZED_ID,
  UNCATEGORIZED_NAME,
  splitNumbers,
  type CategoryNode,
  type CategoryTreeReply,
  type InsertLine,
  type InsertReply,
  type PatentNote,
  type PortfolioEntry,
  type PortfolioFilters,
  type PortfolioListReply,
  type PortfolioMark,
  type PortfolioRow,
  type PortfolioSort,
} from '@ip/contract';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/write';
import type { Deps } from '../../deps';
import { conflict, badRequest, forbidden, notFound } from '../../http/errors';
import { PatentNumberError, parseApplicationNumber, parsePublicationNumber } from '../../search/patent-number';
import type { CompanyActor } from '../company/company-context';
import { refreshPatentCounts } from '../company/company-link';
import { findPatentIdByNumber } from '../patents/patents.repo';

type Q = Kysely<Database> | Transaction<Database>;

const CATEGORY_MISSING = '分类不存在或已被删除';
const NOT_IN_PORTFOLIO = '不在本企业专利库中';

/** 0 or 1 from a boolean or a 0/1 flag of the contract. */
const bit = (v: boolean | 0 | 1): 0 | 1 => (v === true || v === 1 ? 1 : 0);

/** Two category names are the same when they match after NFKC, trimming and case folding. */
const nameKey = (name: string) => name.normalize('NFKC').trim().toLowerCase();

// ─── categories ──────────────────────────────────────────────────────────────────────────────────────────────

interface CategoryRow {
  id: number;
  parent_id: number;
  name: string;
  sort: number;
}

async function loadCategories(db: Q, companyId: number): Promise<CategoryRow[]> {
  const rows = await db
    .selectFrom('patent_categories')
    .select(['id', 'parent_id', 'name', 'sort'])
    .where('company_id', '=', companyId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), parent_id: Number(r.parent_id), name: r.name, sort: Number(r.sort) }));
}

/** The categories of a company by id, with helpers to walk the tree. */
class Categories {
  readonly byId: Map<number, CategoryRow>;
  constructor(readonly rows: CategoryRow[]) {
    this.byId = new Map(rows.map((r) => [r.id, r]));
  }
  children(parentId: number): CategoryRow[] {
    return this.rows.filter((r) => r.parent_id === parentId);
  }
  /** 1 for a top-level category. */
  depth(id: number): number {
    let d = 0;
    for (let c = this.byId.get(id); c && d <= CATEGORY_DEPTH_MAX + 1; c = this.byId.get(c.parent_id)) d++;
    return d;
  }
  /** The category and all below it. */
  subtree(id: number): number[] {
    const out = [id];
    for (let i = 0; i < out.length; i++) for (const c of this.children(out[i])) out.push(c.id);
    return out;
  }
  /** Levels from this category down to its deepest descendant (1: no children). */
  height(id: number): number {
    const kids = this.children(id);
    return 1 + (kids.length ? Math.max(...kids.map((k) => this.height(k.id))) : 0);
  }
  /** 电池技术 / 正极材料; 未分类 for 0 or a missing id. */
  path(id: number): string {
    const names: string[] = [];
    for (let c = this.byId.get(id); c && names.length <= CATEGORY_DEPTH_MAX; c = this.byId.get(c.parent_id))
      names.unshift(c.name);
    return names.length ? names.join(' / ') : UNCATEGORIZED_NAME;
  }
}

async function categoriesOf(db: Q, companyId: number): Promise<Categories> {
  return new Categories(await loadCategories(db, companyId));
}

/** A category id of the company (0: 未分类 is always valid); throws 404 otherwise. */
async function checkCategory(db: Q, companyId: number, categoryId: number | undefined): Promise<number> {
  if (!categoryId) return UNCATEGORIZED_ID;
  const row = await db
    .selectFrom('patent_categories')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', categoryId)
    .executeTakeFirst();
  if (!row) throw notFound(CATEGORY_MISSING);
  return categoryId;
}

function refuseDuplicate(cats: Categories, parentId: number, name: string, exceptId?: number): void {
  const key = nameKey(name);
  const same = cats.children(parentId).find((c) => c.id !== exceptId && nameKey(c.name) === key);
  if (same) {
    const where = parentId ? `“${cats.path(parentId)}”下` : '顶级分类中';
    throw conflict(`${where}已有名为“${same.name}”的分类，请换一个名称`);
  }
}

/** The category tree with the patent counts of each category, 未分类, 全部, core, collected and removed. */
export async function categoryTree(db: Q, companyId: number): Promise<CategoryTreeReply> {
  const cats = await categoriesOf(db, companyId);
  const counts = await db
    .selectFrom('company_patents')
    .select(['category_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('company_id', '=', companyId)
    .where('removed', '=', 0)
    .where('source', '<>', 'collect')
    .groupBy('category_id')
    .execute();
  const direct = new Map<number, number>();
  let all = 0;
  let uncategorized = 0;
  for (const c of counts) {
    const id = Number(c.category_id);
    const n = Number(c.n);
    all += n;
    // A row pointing at a category that is gone (cannot happen through the API) counts as 未分类, as it is listed.
    if (id === UNCATEGORIZED_ID || !cats.byId.has(id)) uncategorized += n;
    else direct.set(id, n);
  }
  const build = (parentId: number): CategoryNode[] =>
    cats.children(parentId).map((c) => {
      const children = build(c.id);
      const count = direct.get(c.id) ?? 0;
      return {
        id: c.id,
        parent_id: c.parent_id,
        name: c.name,
        sort: c.sort,
        count,
        total: count + children.reduce((s, k) => s + k.total, 0),
        children,
      };
    });
  const marks = await db
    .selectFrom('company_patents')
    .select([
      sql<number | string>`sum(case when removed = 0 and source <> 'collect' and is_core = 1 then 1 else 0 end)`.as('core'),
      sql<number | string>`sum(case when removed = 0 and is_collected = 1 then 1 else 0 end)`.as('collected'),
      sql<number | string>`sum(case when removed = 1 then 1 else 0 end)`.as('removed'),
    ])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return {
    tree: build(0),
    uncategorized,
    all,
    core: Number(marks?.core ?? 0),
    collected: Number(marks?.collected ?? 0),
    removed: Number(marks?.removed ?? 0),
  };
}

export async function createCategory(
  deps: Deps,
  actor: CompanyActor,
  body: { name: string; parent_id?: number; sort?: number },
): Promise<CategoryNode> {
  const now = deps.clock().toISOString();
  return writeTransaction(deps.db, { what: 'create patent category' }, async (trx) => {
    const cats = await categoriesOf(trx, actor.companyId);
    const parentId = body.parent_id ?? 0;
    if (parentId && !cats.byId.has(parentId)) throw notFound('上级分类不存在或已被删除');
    if (cats.rows.length >= CATEGORY_COUNT_MAX) throw badRequest(`分类最多 ${CATEGORY_COUNT_MAX} 个，请先合并或删除不用的分类`);
    if (parentId && cats.depth(parentId) + 1 > CATEGORY_DEPTH_MAX) {
      throw badRequest(`分类最多 ${CATEGORY_DEPTH_MAX} 级，不能在“${cats.path(parentId)}”下再建子分类`);
    }
    refuseDuplicate(cats, parentId, body.name);
    const sort = body.sort ?? Math.max(0, ...cats.children(parentId).map((c) => c.sort + 1));
    const row = await trx
      .insertInto('patent_categories')
      .values({ company_id: actor.companyId, parent_id: parentId, name: body.name, sort, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), parent_id: parentId, name: body.name, sort, count: 0, total: 0, children: [] };
  });
}

export async function updateCategory(
  deps: Deps,
  actor: CompanyActor,
  body: { id: number; name?: string; parent_id?: number; sort?: number },
): Promise<{ id: number; parent_id: number; name: string; sort: number }> {
  return writeTransaction(deps.db, { what: 'update patent category' }, async (trx) => {
    const cats = await categoriesOf(trx, actor.companyId);
    const cat = cats.byId.get(body.id);
    if (!cat) throw notFound(CATEGORY_MISSING);
    const parentId = body.parent_id ?? cat.parent_id;
    const name = body.name ?? cat.name;
    if (parentId !== cat.parent_id) {
      if (parentId && !cats.byId.has(parentId)) throw notFound('上级分类不存在或已被删除');
      if (cats.subtree(cat.id).includes(parentId)) throw badRequest('不能把分类移到它自己或它的子分类下');
      const depth = parentId ? cats.depth(parentId) : 0;
      if (depth + cats.height(cat.id) > CATEGORY_DEPTH_MAX) {
        throw badRequest(`分类最多 ${CATEGORY_DEPTH_MAX} 级，移动后会超过层级上限`);
      }
    }
    refuseDuplicate(cats, parentId, name, cat.id);
    const sort = body.sort ?? cat.sort;
    await trx
      .updateTable('patent_categories')
      .set({ name, parent_id: parentId, sort })
      .where('company_id', '=', actor.companyId)
      .where('id', '=', cat.id)
      .execute();
    return { id: cat.id, parent_id: parentId, name, sort };
  });
}

/** Deletes a category with its sub-categories; their patents go to 未分类. */
export async function deleteCategory(
  deps: Deps,
  actor: CompanyActor,
  id: number,
): Promise<{ categories: number; moved: number }> {
  const now = deps.clock().toISOString();
  return writeTransaction(deps.db, { what: 'delete patent category' }, async (trx) => {
    const cats = await categoriesOf(trx, actor.companyId);
    if (!cats.byId.has(id)) throw notFound(CATEGORY_MISSING);
    const ids = cats.subtree(id);
    const moved = await trx
      .updateTable('company_patents')
      .set({ category_id: UNCATEGORIZED_ID, updated_at: now })
      .where('company_id', '=', actor.companyId)
      .where('category_id', 'in', ids)
      .executeTakeFirst();
    await trx.deleteFrom('patent_categories').where('company_id', '=', actor.companyId).where('id', 'in', ids).execute();
    return { categories: ids.length, moved: Number(moved.numUpdatedRows ?? 0) };
  });
}

// ─── marks on portfolio rows ─────────────────────────────────────────────────────────────────────────────────

type RowScope = 'own' | 'removed' | 'any';

/**
 * Throws 404 unless every id is a row of the company in the scope: 'own' its own patents in the portfolio, 'removed'
 * those taken out, 'any' any row not removed (own or only collected). Nothing is changed before this check.
 */
async function requireRows(db: Q, companyId: number, ids: number[], scope: RowScope): Promise<void> {
  let q = db.selectFrom('company_patents').select('patent_id').where('company_id', '=', companyId).where('patent_id', 'in', ids);
  if (scope === 'own') q = q.where('removed', '=', 0).where('source', '<>', 'collect');
  else if (scope === 'removed') q = q.where('removed', '=', 1);
  else q = q.where('removed', '=', 0);
  const found = new Set((await q.execute()).map((r) => Number(r.patent_id)));
  const missing = ids.filter((i) => !found.has(i));
  if (missing.length) {
    const what = scope === 'removed' ? '不在已移除列表中' : NOT_IN_PORTFOLIO;
    throw notFound(ids.length === 1 ? `该专利${what}` : `所选专利中有 ${missing.length} 件${what}，未做任何修改，请刷新后重试`);
  }
}

/** Moves own portfolio patents to a category (0: 未分类). */
export async function movePatents(
  deps: Deps,
  actor: CompanyActor,
  ids: number[],
  categoryId: number,
): Promise<{ updated: number }> {
  const now = deps.clock().toISOString();
  return writeTransaction(deps.db, { what: 'move portfolio patents' }, async (trx) => {
    const target = await checkCategory(trx, actor.companyId, categoryId);
    await requireRows(trx, actor.companyId, ids, 'own');
    const res = await trx
      .updateTable('company_patents')
      .set({ category_id: target, updated_at: now })
      .where('company_id', '=', actor.companyId)
      .where('patent_id', 'in', ids)
      .executeTakeFirst();
    return { updated: Number(res.numUpdatedRows ?? 0) };
  });
}

export async function setCore(deps: Deps, actor: CompanyActor, ids: number[], isCore: 0 | 1): Promise<{ updated: number }> {
  const now = deps.clock().toISOString();
  return writeTransaction(deps.db, { what: 'mark core patents' }, async (trx) => {
    await requireRows(trx, actor.companyId, ids, 'own');
    const res = await trx
      .updateTable('company_patents')
      .set({ is_core: isCore, updated_at: now })
      .where('company_id', '=', actor.companyId)
      .where('patent_id', 'in', ids)
      .executeTakeFirst();
    return { updated: Number(res.numUpdatedRows ?? 0) };
  });
}

/**
 * 收藏: collects (1) or uncollects (0) any patents. A patent that is not the company's gets a row of source
 * 'collect'; uncollecting it deletes that row again (the company's own rows keep their other marks).
 */
export async function setCollected(
  deps: Deps,
  actor: CompanyActor,
  ids: number[],
  collected: 0 | 1,
): Promise<{ updated: number }> {
  const now = deps.clock().toISOString();
  return writeTransaction(deps.db, { what: 'collect patents' }, async (trx) => {
    const existing = new Set(
      (await trx.selectFrom('patents').select('id').where('id', 'in', ids).execute()).map((r) => Number(r.id)),
    );
    const missing = ids.filter((i) => !existing.has(i));
    if (missing.length)
      throw notFound(ids.length === 1 ? '未找到该专利' : `所选专利中有 ${missing.length} 件不存在，未做任何修改`);
    if (collected) {
      await trx
        .insertInto('company_patents')
        .values(
          ids.map((patent_id) => ({
            company_id: actor.companyId,
            patent_id,
            source: 'collect',
            is_collected: 1,
            created_by: actor.userId,
            created_at: now,
            updated_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['company_id', 'patent_id']).doUpdateSet({ is_collected: 1, updated_at: now }))
        .execute();
    } else {
      await trx
        .updateTable('company_patents')
        .set({ is_collected: 0, updated_at: now })
        .where('company_id', '=', actor.companyId)
        .where('patent_id', 'in', ids)
        .execute();
      await trx
        .deleteFrom('company_patents')
        .where('company_id', '=', actor.companyId)
        .where('patent_id', 'in', ids)
        .where('source', '=', 'collect')
        .execute();
    }
    return { updated: ids.length };
  });
}

/** Takes own patents out of the portfolio (removed 1; the row stays so automatic linking does not re-add them). */
export async function removePatents(
  deps: Deps,
  actor: CompanyActor,
  ids: number[],
  restore: boolean,
): Promise<{ updated: number }> {
  const now = deps.clock().toISOString();
  return writeTransaction(deps.db, { what: restore ? 'restore portfolio patents' : 'remove portfolio patents' }, async (trx) => {
    await requireRows(trx, actor.companyId, ids, restore ? 'removed' : 'own');
    const res = await trx
      .updateTable('company_patents')
      .set({ removed: restore ? 0 : 1, updated_at: now })
      .where('company_id', '=', actor.companyId)
      .where('patent_id', 'in', ids)
      .executeTakeFirst();
    await refreshPatentCounts(trx, actor.companyId);
    return { updated: Number(res.numUpdatedRows ?? 0) };
  });
}

/**
 * Makes a patent the company's own (source 'manual'): a new row, or a collected-only or removed row turned into a
 * portfolio row. Returns whether it was added (false: it already was in the portfolio).
 */
async function addOwn(trx: Transaction<Database>, actor: CompanyActor, patentId: number, categoryId: number, now: string) {
  const row = await trx
    .selectFrom('company_patents')
    .select(['source', 'removed'])
    .where('company_id', '=', actor.companyId)
    .where('patent_id', '=', patentId)
    .executeTakeFirst();
  if (!row) {
    await trx
      .insertInto('company_patents')
      .values({
        company_id: actor.companyId,
        patent_id: patentId,
        source: 'manual',
        category_id: categoryId,
        created_by: actor.userId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { added: true, restored: false };
  }
  if (row.source !== 'collect' && Number(row.removed) === 0) return { added: false, restored: false };
  const restored = Number(row.removed) === 1;
  await trx
    .updateTable('company_patents')
    .set({
      removed: 0,
      source: row.source === 'collect' ? 'manual' : row.source,
      ...(categoryId ? { category_id: categoryId } : {}),
      updated_at: now,
    })
    .where('company_id', '=', actor.companyId)
    .where('patent_id', '=', patentId)
    .execute();
  return { added: true, restored };
}

/** 加入专利库: one patent (a search hit) into the portfolio, optionally filed in a category. */
export async function savePatent(
  deps: Deps,
  actor: CompanyActor,
  patentId: number,
  categoryId: number | undefined,
): Promise<{ status: 'added' | 'exists'; msg: string }> {
  const now = deps.clock().toISOString();
  return writeTransaction(deps.db, { what: 'save patent to portfolio' }, async (trx) => {
    const category = await checkCategory(trx, actor.companyId, categoryId);
    const p = await trx.selectFrom('patents').select('id').where('id', '=', patentId).executeTakeFirst();
    if (!p) throw notFound('未找到该专利');
    const r = await addOwn(trx, actor, patentId, category, now);
    await refreshPatentCounts(trx, actor.companyId);
    if (!r.added) return { status: 'exists', msg: '该专利已在本企业专利库中' };
    return { status: 'added', msg: r.restored ? '已恢复到专利库' : '已加入专利库' };
  });
}

/** What one pasted number is: a patent id to look up, or the reason it is not a valid number. */
async function resolveNumber(db: Db, input: string): Promise<{ id: number | null } | { invalid: string }> {
  let an = false;
  let anError: string | null = null;
  try {
    parseApplicationNumber(input);
    an = true;
  } catch (err) {
    if (!(err instanceof PatentNumberError)) throw err;
    anError = err.message;
  }
  // DOMAIN §2: a wrong check digit is a clear error, never a silent miss (nor read as a publication number).
  if (anError && anError.includes('校验位错误')) return { invalid: anError };
  if (!an) {
    try {
      parsePublicationNumber(input);
    } catch (err) {
      if (!(err instanceof PatentNumberError)) throw err;
      const digits = input.replace(/\D/g, '').length;
      return { invalid: digits >= 11 && anError ? anError : err.message };
    }
  }
  return { id: await findPatentIdByNumber(db, input) };
}

/**
 * 按号码添加: each application or publication number (any spelling DOMAIN §2 accepts) is looked up and, when found,
 * made the company's own (filed in category_id). Every line is reported: added, already in, not found, invalid.
 */
export async function insertNumbers(deps: Deps, actor: CompanyActor, text: string, categoryId?: number): Promise<InsertReply> {
  const now = deps.clock().toISOString();
  const category = await checkCategory(deps.db.db, actor.companyId, categoryId);
  const inputs = splitNumbers(text);
  const resolved: { input: string; r: Awaited<ReturnType<typeof resolveNumber>> }[] = [];
  for (const input of inputs) resolved.push({ input, r: await resolveNumber(deps.db, input) });
  const ids = [...new Set(resolved.flatMap(({ r }) => ('id' in r && r.id ? [r.id] : [])))];
  const titles = new Map<number, string>();
  if (ids.length) {
    for (const p of await deps.db.db.selectFrom('patents').select(['id', 'title']).where('id', 'in', ids).execute()) {
      titles.set(Number(p.id), p.title);
    }
  }
  return writeTransaction(deps.db, { what: 'insert portfolio patents' }, async (trx) => {
    if (category) await checkCategory(trx, actor.companyId, category);
    const seen = new Set<number>();
    const lines: InsertLine[] = [];
    for (const { input, r } of resolved) {
      if ('invalid' in r) {
        lines.push({ input, status: 'invalid', msg: r.invalid });
        continue;
      }
      if (!r.id) {
        lines.push({ input, status: 'not_found', msg: '未找到该专利，请核对号码' });
        continue;
      }
      const base = { input, patent_id: r.id, title: titles.get(r.id) ?? '' };
      if (seen.has(r.id)) {
        lines.push({ ...base, status: 'exists', msg: '与前面的号码是同一件专利' });
        continue;
      }
      seen.add(r.id);
      const res = await addOwn(trx, actor, r.id, category, now);
      if (res.added) lines.push({ ...base, status: 'added', msg: res.restored ? '已恢复到专利库' : '已添加' });
      else lines.push({ ...base, status: 'exists', msg: '已在本企业专利库中' });
    }
    if (lines.some((l) => l.status === 'added')) await refreshPatentCounts(trx, actor.companyId);
    const count = (s: InsertLine['status']) => lines.filter((l) => l.status === s).length;
    return { lines, added: count('added'), exists: count('exists'), not_found: count('not_found'), invalid: count('invalid') };
  });
}

// ─── 研判 notes ──────────────────────────────────────────────────────────────────────────────────────────────

function noteOf(
  r: { id: number; patent_id: number; content: string; author: string; user_id: number; created_at: string },
  actor: CompanyActor,
): PatentNote {
  return {
    id: Number(r.id),
    patent_id: Number(r.patent_id),
    content: r.content,
    author: r.author,
    user_id: Number(r.user_id),
    created_at: r.created_at,
    deletable: !actor.isSubAccount || Number(r.user_id) === actor.userId,
  };
}

export async function notesOf(db: Q, actor: CompanyActor, patentId: number): Promise<PatentNote[]> {
  const rows = await db
    .selectFrom('patent_notes')
    .select(['id', 'patent_id', 'content', 'author', 'user_id', 'created_at'])
    .where('company_id', '=', actor.companyId)
    .where('patent_id', '=', patentId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => noteOf(r, actor));
}

export async function createNote(
  deps: Deps,
  actor: CompanyActor,
  author: string,
  patentId: number,
  content: string,
): Promise<PatentNote> {
  const now = deps.clock().toISOString();
  return writeTransaction(deps.db, { what: 'create patent note' }, async (trx) => {
    await requireRows(trx, actor.companyId, [patentId], 'any');
    const values = { company_id: actor.companyId, patent_id: patentId, user_id: actor.userId, author, content, created_at: now };
    const row = await trx.insertInto('patent_notes').values(values).returning('id').executeTakeFirstOrThrow();
    return noteOf({ ...values, id: Number(row.id) }, actor);
  });
}

/** Deletes a note: its author, or the company's main account (a sub-account only its own). */
export async function deleteNote(deps: Deps, actor: CompanyActor, id: number): Promise<{ id: number }> {
  return writeTransaction(deps.db, { what: 'delete patent note' }, async (trx) => {
    const row = await trx
      .selectFrom('patent_notes')
      .select(['id', 'user_id'])
      .where('company_id', '=', actor.companyId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('研判记录不存在或已被删除');
    if (actor.isSubAccount && Number(row.user_id) !== actor.userId) throw forbidden('子账号只能删除自己写的研判');
    await trx.deleteFrom('patent_notes').where('company_id', '=', actor.companyId).where('id', '=', id).execute();
    return { id };
  });
}

// ─── the list ────────────────────────────────────────────────────────────────────────────────────────────────

interface ListQuery extends PortfolioFilters {
  sort?: PortfolioSort;
}

/** Whether a filter needs the patents table (otherwise counting stays on company_patents). */
const needsPatents = (f: ListQuery) =>
  Boolean(f.type?.length || f.legal_status?.length || f.app_year?.length || f.grant_year || f.expiry_year || f.keyword?.trim());

/** A keyword as a number: `CN 2022 2322 0665.2` → `202223220665` (compared against an and pn without CN and dot). */
function numberKey(keyword: string): string | null {
  const s = keyword
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s.-]/g, '')
    .replace(/^(CN|ZL)/, '');
  return /^\d{6,}[0-9A-Z]{0,2}$/.test(s) ? s : null;
}

function likePattern(s: string): string {
  return `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The WHERE of the list: the company, the scope (own, collected or removed) and the filters. */
function listWhere(companyId: number, f: ListQuery, cats: Categories): Expression<SqlBool>[] {
  const w: Expression<SqlBool>[] = [sql<SqlBool>`cp.company_id = ${companyId}`];
  if (f.removed !== undefined && bit(f.removed)) w.push(sql<SqlBool>`cp.removed = 1`);
  else if (f.collected !== undefined && bit(f.collected)) w.push(sql<SqlBool>`cp.removed = 0 AND cp.is_collected = 1`);
  else w.push(sql<SqlBool>`cp.removed = 0 AND cp.source <> 'collect'`);
  if (f.collected !== undefined && !bit(f.collected)) w.push(sql<SqlBool>`cp.is_collected = 0`);
  if (f.category_id !== undefined) {
    if (f.category_id === UNCATEGORIZED_ID) {
      const known = cats.rows.map((c) => c.id);
      w.push(
        known.length
          ? sql<SqlBool>`(cp.category_id = 0 OR cp.category_id NOT IN (${sql.join(known)}))`
          : sql<SqlBool>`cp.category_id = 0`,
      );
    } else {
      const ids = cats.byId.has(f.category_id) ? cats.subtree(f.category_id) : [-1];
      w.push(sql<SqlBool>`cp.category_id IN (${sql.join(ids)})`);
    }
  }
  if (f.is_core !== undefined) w.push(sql<SqlBool>`cp.is_core = ${bit(f.is_core)}`);
  if (f.type?.length) w.push(sql<SqlBool>`p.type IN (${sql.join(f.type)})`);
  if (f.legal_status?.length) w.push(sql<SqlBool>`p.legal_status IN (${sql.join(f.legal_status)})`);
  if (f.app_year?.length) w.push(sql<SqlBool>`p.app_year IN (${sql.join(f.app_year)})`);
  // Dates are ISO text on both dialects: a year is a string range (ADR 0031).
  if (f.grant_year) w.push(sql<SqlBool>`p.gd >= ${`${f.grant_year}-01-01`} AND p.gd < ${`${f.grant_year + 1}-01-01`}`);
  if (f.expiry_year) {
    w.push(sql<SqlBool>`p.expiry_date >= ${`${f.expiry_year}-01-01`} AND p.expiry_date < ${`${f.expiry_year + 1}-01-01`}`);
  }
  const kw = f.keyword?.trim();
  if (kw) {
    const num = numberKey(kw);
    const text = sql<SqlBool>`lower(p.title) LIKE ${likePattern(kw)} ESCAPE '\\'`;
    if (num) {
      const n = likePattern(num);
      w.push(
        sql<SqlBool>`(${text} OR replace(replace(p.an, '.', ''), 'CN', '') LIKE ${n} ESCAPE '\\' OR lower(p.pn) LIKE ${n.toLowerCase()} ESCAPE '\\')`,
      );
    } else {
      w.push(text);
    }
  }
  return w;
}

/** ORDER BY of a sort; empty dates last in both directions, the same on SQLite and PostgreSQL. */
function orderBy(sort: PortfolioSort) {
  const nullsLast = (col: string, dir: 'ASC' | 'DESC') =>
    sql`CASE WHEN ${sql.ref(col)} IS NULL OR ${sql.ref(col)} = '' THEN 1 ELSE 0 END, ${sql.ref(col)} ${sql.raw(dir)}`;
  switch (sort) {
    case 'ad_asc':
      return sql`${nullsLast('p.ad', 'ASC')}, p.id ASC`;
    case 'gd_desc':
      return sql`${nullsLast('p.gd', 'DESC')}, p.id DESC`;
    case 'gd_asc':
      return sql`${nullsLast('p.gd', 'ASC')}, p.id ASC`;
    case 'title_asc':
      return sql`p.title ASC, p.id ASC`;
    case 'title_desc':
      return sql`p.title DESC, p.id DESC`;
    case 'core_desc':
      return sql`cp.is_core DESC, ${nullsLast('p.ad', 'DESC')}, p.id DESC`;
    case 'added_desc':
      return sql`cp.created_at DESC, cp.patent_id DESC`;
    case 'ad_desc':
    default:
      return sql`${nullsLast('p.ad', 'DESC')}, p.id DESC`;
  }
}

/**
 * The company's rows joined to their patents. On SQLite, CROSS JOIN keeps company_patents the outer loop (the
 * planner otherwise may scan a patents index over the whole table for a type or keyword filter), and INDEXED BY
 * walks the company's rows and their patents through two narrow covering indexes in the same (patent id) order
 * instead of reading the wide rows at random: for 20,000 owned patents about ten times faster (ADR 0020). PostgreSQL plans it as the inner join it is (long texts live out of line there).
 */
function fromJoined(db: Db) {
  return db.dialect === 'sqlite'
    ? sql`FROM company_patents cp INDEXED BY company_patents_list CROSS JOIN patents p INDEXED BY patents_portfolio
        WHERE p.id = cp.patent_id`
    : sql`FROM company_patents cp CROSS JOIN patents p WHERE p.id = cp.patent_id`;
}

/** The rows of some patent ids, in that order, with category path and note counts. */
async function rowsOf(db: Q, companyId: number, ids: number[], cats: Categories): Promise<PortfolioRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('company_patents as cp')
    .innerJoin('patents as p', 'p.id', 'cp.patent_id')
    .select([
      'p.id',
      'p.an',
      'p.pn',
      'p.title',
      'p.type',
      'p.legal_status',
      'p.ad',
      'p.pd',
      'p.gd',
      'p.first_applicant',
      'p.ipc_main',
      'cp.category_id',
      'cp.is_core',
      'cp.is_collected',
      'cp.removed',
      'cp.source',
      'cp.created_at',
    ])
    .where('cp.company_id', '=', companyId)
    .where('cp.patent_id', 'in', ids)
    .execute();
  const notes = new Map<number, number>();
  for (const n of await db
    .selectFrom('patent_notes')
    .select(['patent_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('company_id', '=', companyId)
    .where('patent_id', 'in', ids)
    .groupBy('patent_id')
    .execute()) {
    notes.set(Number(n.patent_id), Number(n.n));
  }
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const categoryId = Number(r.category_id);
    return [
      {
        id,
        an: r.an,
        pn: r.pn,
        title: r.title,
        type: r.type,
        legal_status: r.legal_status,
        ad: r.ad,
        pd: r.pd,
        gd: r.gd,
        first_applicant: r.first_applicant,
        ipc_main: r.ipc_main,
        category_id: cats.byId.has(categoryId) ? categoryId : UNCATEGORIZED_ID,
        category_name: cats.path(categoryId),
        is_core: bit(Number(r.is_core) as 0 | 1),
        is_collected: bit(Number(r.is_collected) as 0 | 1),
        removed: bit(Number(r.removed) as 0 | 1),
        source: r.source,
        note_count: notes.get(id) ?? 0,
        added_at: r.created_at,
      },
    ];
  });
}

/**
 * One page of the portfolio. Two steps: the page's patent ids (sorted and filtered in SQL, reading only the sort
 * and filter columns), then those rows in full; the count joins patents only when a filter needs them.
 */
export async function listPortfolio(
  db: Db,
  companyId: number,
  q: ListQuery & { page?: number; page_size?: number },
): Promise<PortfolioListReply> {
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? 20;
  const cats = await categoriesOf(db.db, companyId);
  const where = sql.join(listWhere(companyId, q, cats), sql` AND `);
  const offset = (page - 1) * pageSize;
  const order = orderBy(q.sort ?? 'ad_desc');
  const countAll = async () =>
    Number(
      (
        await (
          needsPatents(q)
            ? sql<{ n: number | string }>`SELECT count(*) AS n ${fromJoined(db)} AND ${where}`
            : sql<{ n: number | string }>`SELECT count(*) AS n FROM company_patents cp ${
                db.dialect === 'sqlite' ? sql`INDEXED BY company_patents_list` : sql``
              } WHERE ${where}`
        ).execute(db.db)
      ).rows[0]?.n ?? 0,
    );
  let total: number;
  let pageIds: number[];
  if (needsPatents(q)) {
    // A filter on the patents (type, status, years, keyword) is evaluated once: the page and the total in one
    // statement (count(*) OVER ()), not a count and a page query that each test every row; the keyword's LIKEs on
    // 20,000 rows were half the time of the slowest kinds of the bench (ADR 0037). Past the last page there is no row
    // to carry the total, so it is counted apart.
    const rows = await sql<{ id: number | string; n: number | string }>`SELECT cp.patent_id AS id, count(*) OVER () AS n
      ${fromJoined(db)} AND ${where} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${offset}`.execute(db.db);
    pageIds = rows.rows.map((r) => Number(r.id));
    total = rows.rows.length ? Number(rows.rows[0].n) : offset === 0 ? 0 : await countAll();
  } else {
    // Without one the count reads only company_patents' narrow index (≈ 1 ms for 20,000 rows), cheaper than the
    // window over the joined rows.
    total = await countAll();
    if (offset >= total) return { total, page, page_size: pageSize, list: [] };
    const ids = await sql<{ id: number | string }>`SELECT cp.patent_id AS id ${fromJoined(db)} AND ${where}
      ORDER BY ${order} LIMIT ${pageSize} OFFSET ${offset}`.execute(db.db);
    pageIds = ids.rows.map((r) => Number(r.id));
  }
  if (!pageIds.length) return { total, page, page_size: pageSize, list: [] };
  const list = await rowsOf(db.db, companyId, pageIds, cats);
  return { total, page, page_size: pageSize, list };
}

/** Every row of the filtered list (for the export), refused above PORTFOLIO_EXPORT_MAX. */
export async function exportRows(db: Db, companyId: number, q: ListQuery): Promise<PortfolioRow[]> {
  const cats = await categoriesOf(db.db, companyId);
  const where = sql.join(listWhere(companyId, q, cats), sql` AND `);
  const ids = await sql<{ id: number | string }>`SELECT cp.patent_id AS id ${fromJoined(db)} AND ${where}
    ORDER BY ${orderBy(q.sort ?? 'ad_desc')} LIMIT ${PORTFOLIO_EXPORT_MAX + 1}`.execute(db.db);
  if (ids.rows.length > PORTFOLIO_EXPORT_MAX) {
    throw badRequest(`筛选结果超过 ${PORTFOLIO_EXPORT_MAX} 件，超出单次导出上限，请缩小筛选范围后分批导出`);
  }
  const all = ids.rows.map((r) => Number(r.id));
  const out: PortfolioRow[] = [];
  for (let i = 0; i < all.length; i += 500) out.push(...(await rowsOf(db.db, companyId, all.slice(i, i + 500), cats)));
  return out;
}

/** The company's side of one patent: its row (null when it has none) and its notes. 404 for an unknown patent. */
export async function portfolioInfo(
  db: Q,
  actor: CompanyActor,
  patentId: number,
): Promise<{ patent_id: number; title: string; entry: PortfolioEntry | null; notes: PatentNote[] }> {
  const p = await db.selectFrom('patents').select(['id', 'title']).where('id', '=', patentId).executeTakeFirst();
  if (!p) throw notFound('未找到该专利');
  const row = await db
    .selectFrom('company_patents')
    .select(['source', 'category_id', 'is_core', 'is_collected', 'removed', 'created_at'])
    .where('company_id', '=', actor.companyId)
    .where('patent_id', '=', patentId)
    .executeTakeFirst();
  const cats = row ? await categoriesOf(db, actor.companyId) : null;
  const categoryId = row ? Number(row.category_id) : 0;
  return {
    patent_id: patentId,
    title: p.title,
    entry:
      row && cats
        ? {
            source: row.source,
            category_id: cats.byId.has(categoryId) ? categoryId : UNCATEGORIZED_ID,
            category_name: cats.path(categoryId),
            is_core: bit(Number(row.is_core) as 0 | 1),
            is_collected: bit(Number(row.is_collected) as 0 | 1),
            removed: bit(Number(row.removed) as 0 | 1),
            added_at: row.created_at,
          }
        : null,
    notes: await notesOf(db, actor, patentId),
  };
}

/** For search hits: which of these patents are the company's own and which it collected. */
export async function portfolioMarks(db: Q, companyId: number, ids: number[]): Promise<Record<string, PortfolioMark>> {
  const out: Record<string, PortfolioMark> = {};
  if (!ids.length) return out;
  const rows = await db
    .selectFrom('company_patents')
    .select(['patent_id', 'source', 'is_collected', 'removed'])
    .where('company_id', '=', companyId)
    .where('patent_id', 'in', ids)
    .execute();
  for (const r of rows) {
    out[String(r.patent_id)] = {
      owned: r.source !== 'collect' && Number(r.removed) === 0,
      collected: Number(r.is_collected) === 1,
      removed: Number(r.removed) === 1,
    };
  }
  return out;
}

/** default_cate: the 未分类 bucket with its count. */
export async function defaultCategory(db: Q, companyId: number): Promise<{ id: number; name: string; count: number }> {
  const tree = await categoryTree(db, companyId);
  return { id: UNCATEGORIZED_ID, name: UNCATEGORIZED_NAME, count: tree.uncategorized };
}
