import { z } from 'zod';

// The administrator's content management pages /web, /news, /newsDetails (issue 14, ADR 0053): the calls that
// ADR 0045's set lacked — restoring a revision and the information centre's read view with previous/next.

const id = (msg: string) => z.coerce.number({ error: msg }).int(msg).positive(msg).max(2147483647, msg);

/** POST /v1/portal/admin/article/restore: the article takes the revision's content; its status stays. */
export const ArticleRestoreBody = z.object({ id: id('请选择文章'), revision_id: id('请选择修订记录') });
export type ArticleRestoreBody = z.input<typeof ArticleRestoreBody>;

/** POST /v1/portal/admin/article/read: one article (any status) with its channel's neighbours in publish order. */
export const ArticleReadBody = z.object({ id: id('请选择文章') });
