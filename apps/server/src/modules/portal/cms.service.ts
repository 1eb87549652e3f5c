import type { Kysely } from 'kysely';
import { channelOf, type PublicArticleDetail } from '@ip/contract';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { adminGet, load, revise, type Editor } from './portal.service';
import { sanitizeHtml } from './sanitize';

// The calls the content-management pages need beyond ADR 0045's (ADR 0053): restore a revision; the information
// centre's read view with previous/next.

type DB = Kysely<Database>;

interface Snapshot {
  channel?: string;
  title?: string;
  summary?: string;
  source?: string;
  author?: string;
  body?: string;
  cover_file_id?: number;
  attachments?: string;
  pinned?: number;
  issuer?: string;
  effective_date?: string;
}

/**
 * The article takes the content of one of its revisions (title, summary, source, author, body, cover, attachments,
 * pinned, policy fields); its channel, status and publish time stay. Leaves a 'restore' revision.
 */
export async function restoreRevision(deps: Deps, id: number, revisionId: number, editor: Editor) {
  const { db } = deps.db;
  const now = deps.clock().toISOString();
  await db.transaction().execute(async (trx) => {
    const a = await load(trx, id);
    const r = await trx
      .selectFrom('article_revisions')
      .select('snapshot')
      .where('id', '=', revisionId)
      .where('article_id', '=', id)
      .executeTakeFirst();
    if (!r) throw notFound('修订记录不存在或已删除');
    const s = JSON.parse(r.snapshot) as Snapshot;
    const policy = Boolean(channelOf(a.channel)?.policy);
    await trx
      .updateTable('articles')
      .set({
        title: s.title || a.title,
        summary: s.summary ?? '',
        source: s.source ?? '',
        author: s.author ?? '',
        // Sanitised again: the allow-list may have tightened since the revision was written.
        body: sanitizeHtml(s.body ?? ''),
        cover_file_id: Number(s.cover_file_id ?? 0),
        attachments: typeof s.attachments === 'string' ? s.attachments : '[]',
        pinned: Number(s.pinned ?? 0) === 1 ? 1 : 0,
        issuer: policy ? (s.issuer ?? '') : '',
        effective_date: policy ? (s.effective_date ?? '') : '',
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    await revise(trx, await load(trx, id), 'restore', editor, now);
  });
  return adminGet(deps, id);
}

async function neighbour(db: DB, channel: string, at: string, id: number, newer: boolean) {
  const dir = newer ? 'asc' : 'desc';
  const r = await db
    .selectFrom('articles')
    .select(['id', 'title'])
    .where('channel', '=', channel)
    .where('status', '=', 'published')
    .where((eb) =>
      newer
        ? eb.or([eb('publish_at', '>', at), eb.and([eb('publish_at', '=', at), eb('id', '>', id)])])
        : eb.or([eb('publish_at', '<', at), eb.and([eb('publish_at', '=', at), eb('id', '<', id)])]),
    )
    .orderBy('publish_at', dir)
    .orderBy('id', dir)
    .limit(1)
    .executeTakeFirst();
  return r ? { id: Number(r.id), title: r.title } : null;
}

/**
 * /newsDetails: any article (drafts and internal notices included) for the administrator. A published article has
 * its channel's published neighbours (scheduled ones too): prev is the next newer, next the next older; an
 * unpublished one has none.
 */
export async function adminRead(deps: Deps, id: number): Promise<PublicArticleDetail> {
  const article = await adminGet(deps, id);
  if (article.status !== 'published' || !article.publish_at) return { article, prev: null, next: null };
  const { db } = deps.db;
  const [prev, next] = await Promise.all([
    neighbour(db, article.channel, article.publish_at, id, true),
    neighbour(db, article.channel, article.publish_at, id, false),
  ]);
  return { article, prev, next };
}
