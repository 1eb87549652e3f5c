// Benchmark data: N synthetic patents made from real Chinese titles and abstract sentences
// (../shared/data/patents), written straight into a fresh SQLite database (all migrations, the FTS5 index
// through the same tokens writeIndex uses). Not used by tests.
//
//   npx tsx tools/bench/gen-patents.ts --n 1000000 --out /tmp/bench1m      → /tmp/bench1m/app.db, app-fts.db, app-title.db
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { openDb } from '../../apps/server/src/db';
import { migrate } from '../../apps/server/src/db/migrate';
import { attachIndexFiles, INDEX_FILES, indexFilePaths } from '../../apps/server/src/db/index-files';
import { indexText, indexTextWithMain } from '../../apps/server/src/search/tokenise';
import { normaliseIpc } from '../../apps/server/src/search/ipc';
import { PATENT_DATA_DIR, readPatents, rng } from '../../apps/server/src/search/test-data';
import { benchArgs } from './args';

const args = benchArgs();
const N = args.num('n', 100000);
const OUT = path.resolve(args.get('out') ?? '/tmp/bench');
const rand = rng(args.num('seed', 7));
const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)];
/** Zipf-ish pick: low indexes much more often. */
const zipf = <T>(a: readonly T[]): T => a[Math.min(a.length - 1, Math.floor(a.length * rand() ** 3))];

fs.mkdirSync(OUT, { recursive: true });
for (const f of ['app.db', 'app.db-wal', 'app.db-shm', ...indexFilePaths(path.join(OUT, 'app.db')).map((p) => path.basename(p))])
  fs.rmSync(path.join(OUT, f), { force: true });
const kdb = openDb({ dataDir: OUT, databaseUrl: undefined });
await migrate(kdb.db as never, kdb.dialect);
await kdb.close();

console.log(`reading ${PATENT_DATA_DIR}`);
// Topics: every real title with its IPC subclass (CNKI biomedical titles get a biomedical one); abstracts and
// claims are written from the titles of the same subclass (plus the real sentences of records that have them), so
// term frequencies follow real titles across all fields rather than one field's abstracts.
interface Topic {
  title: string;
  sub: string;
  sentences: string[];
}
const topics: Topic[] = [];
const bio = ['C12Q', 'A61K', 'G01N', 'C07K', 'A61P', 'C12N'];
for (const f of [
  'cn_title_ipc_subclass.jsonl',
  'cn_g06f_title_abstract_cpc.jsonl',
  'cn_cnki_refs_title_inventors.jsonl',
  'cn_full_fields_fixtures.jsonl',
]) {
  for (const r of readPatents(f)) {
    if (!r.title) continue;
    const codes = [...((r.ipc as string[] | null) ?? []), ...((r.cpc as string[] | null) ?? [])];
    let sub = codes
      .map((c) => normaliseIpc(String(c)))
      .find((c) => c && c.length >= 4)
      ?.slice(0, 4);
    if (!sub) sub = f.startsWith('cn_cnki') ? bio[topics.length % bio.length] : 'G06F';
    const sentences: string[] = [];
    for (const t of [r.abstract, r.claims]) {
      if (!t) continue;
      for (const s of t.split(/(?<=[。；;])/)) if (s.length >= 8 && s.length <= 300) sentences.push(s);
    }
    topics.push({ title: r.title, sub, sentences });
  }
}
const bySub = new Map<string, Topic[]>();
for (const t of topics) {
  const l = bySub.get(t.sub);
  if (l) l.push(t);
  else bySub.set(t.sub, [t]);
}
const subs = [...bySub.keys()];
console.log(`${topics.length} titles, ${subs.length} subclasses`);
const strip = (t: string) => t.replace(/^(一种|一类|基于)/, '').replace(/(及其.*|的方法|方法)$/, '');
const fragment = (sub: string) => strip(pick(bySub.get(sub)!).title);
const LINKS = ['，包括', '，所述', '设置于', '与', '，通过', '连接', '，用于', '以及', '，其中', '对应的', '和'];
const prose = (sub: string, n: number) =>
  Array.from({ length: n }, () => fragment(sub) + pick(LINKS)).join('') + fragment(sub) + '。';

const cities = '北京 上海 深圳 广州 杭州 南京 武汉 成都 西安 苏州 天津 重庆 长沙 郑州 合肥 青岛 厦门 宁波 无锡 济南'.split(' ');
const words =
  '华 中 科 创 信 达 新 联 智 能 电 子 机 械 光 电 源 材 料 生 物 医 药 精 密 通 讯 网 络 数 据 汽 车 航 天 化 工 环 保'.split(
    ' ',
  );
const suffixes = ['科技有限公司', '股份有限公司', '大学', '研究院', '技术有限公司', '电子有限公司', '集团有限公司'];
const applicants: string[] = [];
for (let i = 0; i < 50000; i++) applicants.push(pick(cities) + pick(words) + pick(words) + pick(words) + pick(suffixes));
const surnames = '王 李 张 刘 陈 杨 黄 赵 吴 周 徐 孙 马 朱 胡 郭 何 高 林 罗'.split(' ');
const given = '伟 芳 娜 敏 静 丽 强 磊 军 洋 勇 艳 杰 娟 涛 明 超 秀 霞 平 刚 桂'.split(' ');

const db = new SqliteDatabase(path.join(OUT, 'app.db'));
db.pragma('journal_mode = WAL');
attachIndexFiles(db); // the FTS5 tables are in the side files (ADR 0089)
db.pragma('synchronous = OFF');
for (const f of INDEX_FILES) db.pragma(`${f.schema}.synchronous = OFF`);
db.pragma('cache_size = -400000');
const insPatent =
  db.prepare(`INSERT INTO patents (doc_key, an, ad, pn, pd, gn, gd, publications, title, abstract, claims, applicants,
  first_applicant, inventors, address, ipc, ipc_main, type, legal_status, app_year, source, created_at, updated_at)
  VALUES (@doc_key, @an, @ad, @pn, @pd, @gn, @gd, @publications, @title, @abstract, @claims, @applicants, @first_applicant,
  @inventors, @address, @ipc, @ipc_main, @type, @legal_status, @app_year, 'bench', @now, @now)`);
const insPub = db.prepare('INSERT INTO patent_pubs (pn, stem, patent_id) VALUES (?, ?, ?)');
const insIpc = db.prepare('INSERT OR IGNORE INTO patent_ipc (patent_id, code, is_main) VALUES (?, ?, ?)');
const insApp = db.prepare('INSERT OR IGNORE INTO patent_applicants (patent_id, name) VALUES (?, ?)');
const insFts = db.prepare(
  'INSERT INTO patents_fts (rowid, ti, ab, cl, de, pa, inv, addr, ag) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
);
const insTitle = db.prepare('INSERT INTO patents_ti (rowid, ti) VALUES (?, ?)');
const insTx = db.prepare('INSERT INTO patents_tx (rowid, ti, ab, cl) VALUES (?, ?, ?, ?)');

const day = (d: Date) => d.toISOString().slice(0, 10);
const now = new Date().toISOString();
const t0 = Date.now();
const BATCH = 5000;
let serial = 0;
for (let start = 0; start < N; start += BATCH) {
  db.transaction(() => {
    for (let k = start; k < Math.min(N, start + BATCH); k++) {
      const r = rand();
      const type = r < 0.5 ? '发明' : r < 0.93 ? '实用新型' : '外观设计';
      const adDate = new Date(
        Date.UTC(2000 + Math.floor(rand() ** 0.5 * 25), Math.floor(rand() * 12), 1 + Math.floor(rand() * 28)),
      );
      const year = adDate.getUTCFullYear();
      const pdDate = new Date(adDate.getTime() + (120 + rand() * 500) * 86400000);
      const granted = type !== '发明' || rand() < 0.5;
      const gdDate = granted ? new Date(pdDate.getTime() + (type === '发明' ? 300 + rand() * 500 : 0) * 86400000) : null;
      const ls = granted ? (rand() < 0.7 ? '有权' : '无权') : rand() < 0.6 ? '审中' : '无权';
      const kindDigit = type === '发明' ? '1' : type === '实用新型' ? '2' : '3';
      serial++;
      const appNo = `${year}${kindDigit}${String(serial).padStart(7, '0')}`;
      const an = `CN${appNo}.${serial % 10}`;
      const pnNum = String(100000000 + serial);
      const kind = type === '发明' ? (granted ? 'B' : 'A') : type === '实用新型' ? 'U' : 'S';
      const pn = `CN${pnNum}${kind}`;
      const topic = pick(topics);
      const sub = topic.sub;
      let title = topic.title;
      if (rand() < 0.3) {
        const other = pick(bySub.get(sub)!).title;
        title = title.slice(0, Math.ceil(title.length / 2)) + other.slice(Math.floor(other.length / 2));
      }
      const real = topic.sentences.length && rand() < 0.7 ? topic.sentences.slice(0, 3).join('') : '';
      const abstract =
        `本${type === '发明' ? '发明' : '实用新型'}公开了${title}，` + prose(sub, 3 + Math.floor(rand() * 4)) + real;
      const claims =
        `1.${title}，其特征在于，` +
        prose(sub, 3 + Math.floor(rand() * 5)) +
        `2.根据权利要求1所述的${strip(title)}，其特征在于，` +
        prose(sub, 2) +
        (real ? `3.根据权利要求1所述的${strip(title)}，${real}` : '');
      const nApp = 1 + (rand() < 0.2 ? 1 : 0);
      const apps = [...new Set(Array.from({ length: nApp }, () => zipf(applicants)))];
      const invs = Array.from(
        { length: 1 + Math.floor(rand() * 4) },
        () => pick(surnames) + pick(given) + (rand() < 0.5 ? pick(given) : ''),
      );
      const codes = [
        `${sub}${1 + Math.floor(rand() * 60)}/${String(Math.floor(rand() * 100)).padStart(2, '0')}`,
        ...Array.from(
          { length: Math.floor(rand() * 3) },
          () => `${zipf(subs)}${1 + Math.floor(rand() * 60)}/${String(Math.floor(rand() * 100)).padStart(2, '0')}`,
        ),
      ];
      const ipcs = [...new Set(codes.map((c) => normaliseIpc(c) ?? c))];
      const address = pick(cities) + '市' + pick(words) + pick(words) + '路' + (1 + Math.floor(rand() * 300)) + '号';
      const info = insPatent.run({
        doc_key: an,
        an,
        ad: day(adDate),
        pn,
        pd: day(pdDate),
        gn: granted ? pn : null,
        gd: gdDate ? day(gdDate) : null,
        publications: JSON.stringify([{ pn, date: day(pdDate), kind }]),
        title,
        abstract,
        claims,
        applicants: JSON.stringify(apps),
        first_applicant: apps[0],
        inventors: JSON.stringify(invs),
        address,
        ipc: JSON.stringify(ipcs),
        ipc_main: ipcs[0],
        type,
        legal_status: ls,
        app_year: year,
        now,
      });
      const id = Number(info.lastInsertRowid);
      insPub.run(pn, `CN${pnNum}`, id);
      ipcs.forEach((c, i) => insIpc.run(id, c, i === 0 ? 1 : 0));
      for (const a of apps) insApp.run(id, a);
      const [ti, ab, cl] = [title, abstract, claims].map(indexTextWithMain);
      insTitle.run(id, ti.text);
      insTx.run(id, ti.main, ab.main, cl.main);
      insFts.run(id, ti.text, ab.text, cl.text, '', indexText(apps), indexText(invs), indexText(address), '');
    }
  })();
  if ((start / BATCH) % 20 === 0) console.log(`${start + BATCH} / ${N}  ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
db.exec('DELETE FROM search_changes');
console.log('optimize…');
db.exec("INSERT INTO patents_fts(patents_fts) VALUES ('optimize')");
db.exec("INSERT INTO patents_ti(patents_ti) VALUES ('optimize')");
db.exec("INSERT INTO patents_tx(patents_tx) VALUES ('optimize')");
db.exec('ANALYZE');
db.close();
console.log(
  `done: ${N} patents in ${((Date.now() - t0) / 1000).toFixed(0)} s → ${OUT}/app.db (the index in app-fts.db, app-title.db)`,
);
