// Demo activity for /dataShow (ADR 0047): 60 days of logins and exports of the company users, and searches of the
// users other than the five demo accounts (so no demo account's own search history changes). Deterministic: the
// same pattern on every fresh start, dated back from the seed's time.
import type { Deps } from '../../deps';

const TERMS = [
  '锂电池 正极',
  '石墨烯',
  '名称=(电池管理系统)',
  '申请人=(华芯半导体)',
  '半导体 封装',
  '新能源汽车',
  '光伏 逆变器',
  '储能',
];
const DEMO_ACCOUNTS = ['13800000000', '13800000001', '13800000002', '13800000003', '13800000004'];

export async function seedDemoStats(deps: Deps): Promise<void> {
  const { db } = deps.db;
  const users = await db
    .selectFrom('users')
    .select(['id', 'mobile'])
    .where('is_admin', '=', 0)
    .where('is_news', '=', 0)
    .where('company_id', '>', 0)
    .orderBy('id')
    .execute();
  if (users.length === 0) return;
  const now = deps.clock().getTime();
  const at = (daysAgo: number, hour: number) => new Date(now - daysAgo * 86_400_000 - hour * 3_600_000).toISOString();
  const logins: { kind: 'login' | 'export'; user_id: number; created_at: string }[] = [];
  const searches: { user_id: number; expression: string; total: number; created_at: string }[] = [];
  users.forEach((u, j) => {
    const searcher = !DEMO_ACCOUNTS.includes(u.mobile);
    for (let d = 1; d <= 60; d++) {
      const n = (d * 7 + j * 3) % 4;
      for (let k = 0; k < n; k++) logins.push({ kind: 'login', user_id: Number(u.id), created_at: at(d, 2 + k * 3) });
      if ((d + j) % 5 === 0) logins.push({ kind: 'export', user_id: Number(u.id), created_at: at(d, 4) });
      if (searcher) {
        const s = (d * 5 + j) % 6;
        for (let k = 0; k < s; k++) {
          searches.push({
            user_id: Number(u.id),
            expression: TERMS[(d + k * 3 + j) % TERMS.length],
            total: ((d * 37 + k * 11) % 400) + 1,
            created_at: at(d, 1 + k),
          });
        }
      }
    }
  });
  for (let i = 0; i < logins.length; i += 500)
    await db
      .insertInto('activity_log')
      .values(logins.slice(i, i + 500))
      .execute();
  for (let i = 0; i < searches.length; i += 500)
    await db
      .insertInto('search_history')
      .values(searches.slice(i, i + 500))
      .execute();
}
