import { containsText } from '../../db/sql';
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import {
  channelOf,
  DEFAULT_SHARE,
  PUBLIC_CHANNEL_KEYS,
  PORTAL_CHANNELS,
  type ArticleDetail,
  type ArticleFile,
  type ArticlePage,
  type ArticleRevision,
  type ArticleRow,
  type ArticleSaveBody,
  type ArticleStatus,
  type PortalHome,
  type PortalSettings,
  type PortalSettingsBody,
  type PublicArticleDetail,
  chinaDayStart,
} from '@ip/contract';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import { signedFileUrl } from '../common/file-store';
import { htmlText, sanitizeHtml } from './sanitize';

// Articles and portal settings (issue 14, ADR 0045). The public sees only published articles whose publish_at has
// come; the administrator sees everything. Every save, publish and withdraw leaves a revision.

type DB = Kysely<Database>;
type ArticleSelect = Selectable<Database['articles']>;
export interface Editor {
  id: number;
  name: string;
}

const MISSING = '文章不存在或已删除';
const ROW_COLUMNS = [
  'articles.id',
  'articles.channel',
  'articles.title',
  'articles.summary',
  'articles.source',
  'articles.author',
  'articles.cover_file_id',
  'articles.pinned',
  'articles.status',
  'articles.publish_at',
  'articles.issuer',
  'articles.effective_date',
  'articles.updated_at',
] as const;

/** Shanghai midnight of a day as an ISO instant (the day's first moment for the district). */

async function coverUrls(db: DB, ids: number[]): Promise<Map<number, string>> {
  return new Map([...(await coverFiles(db, ids))].map(([id, f]) => [id, f.url]));
}

/** Public images by id: the original's URL and its 480 px thumbnail's (the original for images without one). */
async function coverFiles(db: DB, ids: number[]): Promise<Map<number, { url: string; thumb: string }>> {
  const wanted = [...new Set(ids.filter((i) => i > 0))];
  if (!wanted.length) return new Map();
  const rows = await db
    .selectFrom('files')
    .select(['id', 'stored_name', 'visibility', 'thumb_name'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(
    rows
      .filter((r) => r.visibility === 'public')
      .map((r) => [Number(r.id), { url: `/uploads/${r.stored_name}`, thumb: `/uploads/${r.thumb_name || r.stored_name}` }]),
  );
}

type RowSource = Pick<
  ArticleSelect,
  | 'id'
  | 'channel'
  | 'title'
  | 'summary'
  | 'source'
  | 'author'
  | 'cover_file_id'
  | 'pinned'
  | 'status'
  | 'publish_at'
  | 'issuer'
  | 'effective_date'
  | 'updated_at'
>;

function toRow(r: RowSource, covers: Map<number, { url: string; thumb: string }>): ArticleRow {
  return {
    id: Number(r.id),
    channel: r.channel,
    title: r.title,
    summary: r.summary,
    source: r.source,
    author: r.author,
    cover_file_id: Number(r.cover_file_id),
    cover_url: covers.get(Number(r.cover_file_id))?.url ?? '',
    cover_thumb_url: covers.get(Number(r.cover_file_id))?.thumb ?? '',
    pinned: Number(r.pinned) === 1,
    status: r.status as ArticleStatus,
    publish_at: r.publish_at,
    issuer: r.issuer,
    effective_date: r.effective_date,
    updated_at: r.updated_at,
  };
}

async function rows(db: DB, list: RowSource[]): Promise<ArticleRow[]> {
  const covers = await coverFiles(
    db,
    list.map((r) => Number(r.cover_file_id)),
  );
  return list.map((r) => toRow(r, covers));
}

async function detailOf(deps: Deps, a: ArticleSelect): Promise<ArticleDetail> {
  const [row] = await rows(deps.db.db, [a]);
  const ids = JSON.parse(a.attachments) as number[];
  let attachments: ArticleFile[] = [];
  if (ids.length) {
    const files = await deps.db.db
      .selectFrom('files')
      .select(['id', 'name', 'stored_name', 'visibility'])
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(files.map((f) => [Number(f.id), f]));
    attachments = ids.flatMap((id) => {
      const f = byId.get(id);
      if (!f) return [];
      const url = f.visibility === 'public' ? `/uploads/${f.stored_name}` : signedFileUrl(deps, id);
      return [{ id, name: f.name, url }];
    });
  }
  return { ...row, body: a.body, attachments, created_at: a.created_at };
}

export async function load(db: DB, id: number): Promise<ArticleSelect> {
  const a = await db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!a) throw notFound(MISSING);
  return { ...a, id: Number(a.id) };
}

export async function revise(db: DB, a: ArticleSelect, action: string, editor: Editor, now: string): Promise<void> {
  const snapshot = JSON.stringify({ ...a, id: undefined });
  await db
    .insertInto('article_revisions')
    .values({ article_id: a.id, action, editor_id: editor.id, editor_name: editor.name.slice(0, 50), snapshot, created_at: now })
    .execute();
}

// ---- administrator ----

export async function adminList(
  db: DB,
  q: { channel: string; status: string; scope: string; keyword: string; page: number; page_size: number },
): Promise<ArticlePage> {
  let base = db.selectFrom('articles');
  if (q.scope === 'public') base = base.where('channel', 'in', PUBLIC_CHANNEL_KEYS);
  if (q.channel) base = base.where('channel', '=', q.channel);
  if (q.status) base = base.where('status', '=', q.status);
  if (q.keyword) base = base.where(containsText('title', q.keyword));
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const list = await base
    .select([...ROW_COLUMNS])
    .orderBy('pinned', 'desc')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size)
    .execute();
  return { list: await rows(db, list), total: Number(total.n), page: q.page, page_size: q.page_size };
}

export async function adminGet(deps: Deps, id: number): Promise<ArticleDetail> {
  return detailOf(deps, await load(deps.db.db, id));
}

type SaveInput = Omit<Required<ArticleSaveBody>, 'id' | 'pinned'> & { id?: number; pinned: boolean; attachments: number[] };

async function checkFiles(db: DB, input: SaveInput): Promise<void> {
  if (input.cover_file_id > 0) {
    const f = await db
      .selectFrom('files')
      .select(['visibility', 'mime'])
      .where('id', '=', input.cover_file_id)
      .executeTakeFirst();
    if (!f || f.visibility !== 'public' || !f.mime.startsWith('image/')) {
      throw badRequest('封面图片不存在，请以门户图片上传', [{ path: 'cover_file_id', msg: '封面图片不存在' }]);
    }
  }
  if (input.attachments.length) {
    const found = await db.selectFrom('files').select('id').where('id', 'in', input.attachments).execute();
    if (found.length !== input.attachments.length)
      throw badRequest('附件不存在或已删除', [{ path: 'attachments', msg: '附件不存在' }]);
  }
}

export async function saveArticle(deps: Deps, input: SaveInput, editor: Editor): Promise<ArticleDetail> {
  const { db } = deps.db;
  const now = deps.clock().toISOString();
  await checkFiles(db, input);
  const body = sanitizeHtml(input.body);
  const summary = input.summary || htmlText(body).slice(0, 120);
  const fields = {
    channel: input.channel,
    title: input.title,
    summary,
    source: input.source,
    author: input.author,
    body,
    cover_file_id: input.cover_file_id,
    attachments: JSON.stringify(input.attachments),
    pinned: input.pinned ? 1 : 0,
    issuer: channelOf(input.channel)?.policy ? input.issuer : '',
    effective_date: channelOf(input.channel)?.policy ? input.effective_date : '',
    updated_at: now,
  };
  const id = await db.transaction().execute(async (trx) => {
    let articleId: number;
    if (input.id === undefined) {
      const row = await trx
        .insertInto('articles')
        .values({ ...fields, status: 'draft', publish_at: null, created_by: editor.id, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      articleId = Number(row.id);
    } else {
      await load(trx, input.id);
      await trx.updateTable('articles').set(fields).where('id', '=', input.id).execute();
      articleId = input.id;
    }
    await revise(trx, await load(trx, articleId), input.id === undefined ? 'create' : 'save', editor, now);
    return articleId;
  });
  return adminGet(deps, id);
}

export async function publishArticle(deps: Deps, id: number, publishAt: string, editor: Editor): Promise<ArticleDetail> {
  const { db } = deps.db;
  const now = deps.clock().toISOString();
  const at = publishAt ? new Date(publishAt).toISOString() : now;
  await db.transaction().execute(async (trx) => {
    const a = await load(trx, id);
    if (!a.title.trim()) throw badRequest('请先填写标题');
    await trx
      .updateTable('articles')
      .set({ status: 'published', publish_at: at, updated_at: now })
      .where('id', '=', id)
      .execute();
    await revise(trx, await load(trx, id), 'publish', editor, now);
  });
  return adminGet(deps, id);
}

export async function withdrawArticle(deps: Deps, id: number, editor: Editor): Promise<ArticleDetail> {
  const { db } = deps.db;
  const now = deps.clock().toISOString();
  await db.transaction().execute(async (trx) => {
    const a = await load(trx, id);
    if (a.status !== 'published') throw conflict('只有已发布的文章可以撤回');
    await trx.updateTable('articles').set({ status: 'withdrawn', updated_at: now }).where('id', '=', id).execute();
    await revise(trx, await load(trx, id), 'withdraw', editor, now);
  });
  return adminGet(deps, id);
}

export async function deleteArticle(deps: Deps, id: number): Promise<{ id: number }> {
  const { db } = deps.db;
  await load(db, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('article_revisions').where('article_id', '=', id).execute();
    await trx.deleteFrom('articles').where('id', '=', id).execute();
  });
  return { id };
}

export async function listRevisions(db: DB, id: number): Promise<ArticleRevision[]> {
  await load(db, id);
  const list = await db
    .selectFrom('article_revisions')
    .selectAll()
    .where('article_id', '=', id)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return list.map((r) => {
    const s = JSON.parse(r.snapshot) as { title?: string; body?: string };
    return {
      id: Number(r.id),
      action: r.action,
      editor_name: r.editor_name,
      title: s.title ?? '',
      body: s.body ?? '',
      created_at: r.created_at,
    };
  });
}

// ---- public ----

function visible<O>(q: SelectQueryBuilder<Database, 'articles', O>, now: string) {
  return q.where('status', '=', 'published').where('publish_at', '<=', now);
}

export async function publicList(
  deps: Deps,
  q: { channel: string; keyword: string; from: string; to: string; page: number; page_size: number },
): Promise<ArticlePage> {
  const { db } = deps.db;
  if (q.from && q.to && q.from > q.to) throw badRequest('开始日期不能晚于结束日期');
  const now = deps.clock().toISOString();
  let base = visible(db.selectFrom('articles').where('channel', '=', q.channel), now);
  if (q.keyword) {
    const k = q.keyword;
    base = base.where((eb) => eb.or([containsText('title', k), containsText('summary', k)]));
  }
  if (q.from) base = base.where('publish_at', '>=', chinaDayStart(q.from));
  if (q.to) base = base.where('publish_at', '<', chinaDayStart(q.to, true));
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const list = await base
    .select([...ROW_COLUMNS])
    .orderBy('pinned', 'desc')
    .orderBy('publish_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size)
    .execute();
  return { list: await rows(db, list), total: Number(total.n), page: q.page, page_size: q.page_size };
}

/** A published article for the public, or null (drafts, withdrawn, scheduled, internal notices: not found). */
export async function publicArticle(deps: Deps, id: number): Promise<ArticleSelect | null> {
  const now = deps.clock().toISOString();
  const a = await visible(deps.db.db.selectFrom('articles').selectAll().where('id', '=', id), now).executeTakeFirst();
  if (!a || !PUBLIC_CHANNEL_KEYS.includes(a.channel)) return null;
  return { ...a, id: Number(a.id) };
}

export async function publicDetail(deps: Deps, id: number): Promise<PublicArticleDetail> {
  const a = await publicArticle(deps, id);
  if (!a) throw notFound('文章不存在或未发布');
  const { db } = deps.db;
  const now = deps.clock().toISOString();
  const at = a.publish_at ?? '';
  // Neighbours in publish order within the channel (publish_at, then id).
  const newer = await visible(db.selectFrom('articles').select(['id', 'title']).where('channel', '=', a.channel), now)
    .where((eb) => eb.or([eb('publish_at', '>', at), eb.and([eb('publish_at', '=', at), eb('id', '>', a.id)])]))
    .orderBy('publish_at', 'asc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
  const older = await visible(db.selectFrom('articles').select(['id', 'title']).where('channel', '=', a.channel), now)
    .where((eb) => eb.or([eb('publish_at', '<', at), eb.and([eb('publish_at', '=', at), eb('id', '<', a.id)])]))
    .orderBy('publish_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const n = (r?: { id: number; title: string }) => (r ? { id: Number(r.id), title: r.title } : null);
  return { article: await detailOf(deps, a), prev: n(newer), next: n(older) };
}

export async function portalHome(deps: Deps, perChannel = 6): Promise<PortalHome> {
  const { db } = deps.db;
  const now = deps.clock().toISOString();
  const channels = PORTAL_CHANNELS.filter((c) => c.list);
  const lists = await Promise.all(
    channels.map((c) =>
      visible(
        db
          .selectFrom('articles')
          .select([...ROW_COLUMNS])
          .where('channel', '=', c.key),
        now,
      )
        .orderBy('pinned', 'desc')
        .orderBy('publish_at', 'desc')
        .orderBy('id', 'desc')
        .limit(perChannel)
        .execute(),
    ),
  );
  const covers = await coverFiles(
    db,
    lists.flat().map((r) => Number(r.cover_file_id)),
  );
  return {
    settings: await portalSettings(db),
    channels: channels.map((c, i) => ({
      key: c.key,
      name: c.name,
      list: c.list,
      detail: c.detail,
      items: lists[i].map((r) => toRow(r, covers)),
    })),
  };
}

// ---- settings ----

export async function portalSettings(db: DB): Promise<PortalSettings> {
  const rowsOf = await db.selectFrom('portal_settings').select(['key', 'value']).execute();
  const get = <T>(key: string, fallback: T): T => {
    const r = rowsOf.find((x) => x.key === key);
    return r ? (JSON.parse(r.value) as T) : fallback;
  };
  const banners = get<{ title: string; image_file_id: number; link: string }[]>('banners', []);
  const footer = get<{ links: { title: string; link: string }[]; text: string }>('footer', { links: [], text: '' });
  const share = get<{ title: string; description: string; link: string; image_file_id: number }>('share', {
    title: '',
    description: '',
    link: '',
    image_file_id: 0,
  });
  const covers = await coverUrls(db, [...banners.map((b) => b.image_file_id), share.image_file_id]);
  return {
    banners: banners.map((b) => ({ ...b, image_url: covers.get(b.image_file_id) ?? '' })),
    footer_links: footer.links,
    footer_text: footer.text,
    share: {
      title: share.title || DEFAULT_SHARE.title,
      description: share.description || DEFAULT_SHARE.description,
      link: share.link || DEFAULT_SHARE.link,
      image_file_id: share.image_file_id,
      image_url: covers.get(share.image_file_id) ?? DEFAULT_SHARE.image,
    },
  };
}

async function put(db: DB, key: string, value: unknown, now: string): Promise<void> {
  const text = JSON.stringify(value);
  const done = await db
    .updateTable('portal_settings')
    .set({ value: text, updated_at: now })
    .where('key', '=', key)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0)
    await db.insertInto('portal_settings').values({ key, value: text, updated_at: now }).execute();
}

export async function savePortalSettings(
  deps: Deps,
  input: {
    banners?: { title: string; image_file_id: number; link: string }[];
    footer_links?: { title: string; link: string }[];
    footer_text?: string;
    share?: { title: string; description: string; link: string; image_file_id: number };
  },
): Promise<PortalSettings> {
  const { db } = deps.db;
  const now = deps.clock().toISOString();
  const images = [...(input.banners ?? []).map((b) => b.image_file_id), input.share?.image_file_id ?? 0].filter((i) => i > 0);
  const publicImages = await coverUrls(db, images);
  if (images.some((i) => !publicImages.has(i))) throw badRequest('图片不存在，请以门户图片上传');
  await db.transaction().execute(async (trx) => {
    if (input.banners) await put(trx, 'banners', input.banners, now);
    if (input.footer_links || input.footer_text !== undefined) {
      const current = await portalSettings(trx);
      await put(
        trx,
        'footer',
        { links: input.footer_links ?? current.footer_links, text: input.footer_text ?? current.footer_text },
        now,
      );
    }
    if (input.share) await put(trx, 'share', input.share, now);
  });
  return portalSettings(db);
}

export type { PortalSettingsBody };
