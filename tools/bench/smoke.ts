import { openDb } from '../../apps/server/src/db';
import { parseExpression } from '../../apps/server/src/search/expression';
import { search } from '../../apps/server/src/modules/search/search.service';
import type { Deps } from '../../apps/server/src/deps';

const dir = process.argv[2] ?? '/tmp/bench20k';
const db = openDb({ dataDir: dir, databaseUrl: undefined });
const deps = { db, clock: () => new Date() } as unknown as Deps;
const exprs = process.argv.slice(3).length ? process.argv.slice(3) : ['锂电池', '名称=(装置 AND 控制) AND 申请日>=2020', '无人机 NOT 摄像', 'IPC=H01M AND 类型=发明', '数据 NEAR/3 处理', '电'];
for (const e of exprs) {
  const ast = parseExpression(e);
  for (const engine of ['auto', 'sql', 'auto'] as const) {
    const t = performance.now();
    const r = await search(deps, { ast, facets: true, engine, sort: 'relevance' });
    console.log(engine.padEnd(5), e.padEnd(30), r.total, (performance.now() - t).toFixed(1) + 'ms', r.list.slice(0, 3).map((h) => h.id).join(','), r.facets?.type.map((b) => b.value + b.count).join(' '), r.list[0]?.title);
  }
}
await db.close();
