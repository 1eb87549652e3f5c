import { linkCompanyPatents } from '../company/company-link';
import { queueMonitoring } from '../monitoring/monitoring.run';
import { writeTransaction } from '../../db/write';
import { readyStore } from '../../search/engine/sqlite-store';
import { bulkImport } from '../../search/engine/index-files';
// The patent import as a job: one or more JSON Lines files, imported in batches with the job's progress and
// checkpoint committed in each batch's transaction. A job interrupted by a crash or a restart resumes at the
// line after its last committed batch, with its counts intact.
import fs from 'node:fs';
import type { PatentImportResult } from '@ip/contract';
import type { JobContext, JobHandlers } from '../jobs/jobs.service';
import { countLines, emptyImportState, importJsonlFile, type ImportError, type ImportState } from './patent-import';

export const PATENT_IMPORT_JOB = 'patent-import';

export interface PatentImportParams {
  /** Absolute paths and the names shown in messages and stored as each patent's source. */
  files: { path: string; name: string }[];
  /** Log progress to the server log (the start-up import of the real records). */
  log?: boolean;
  /** Delete the files once imported (uploaded files). */
  deleteAfter?: boolean;
}

interface Checkpoint {
  /** Index of the file in progress. */
  file: number;
  /** That file's import state (line reached, counts). */
  state: ImportState;
  /** Counts of the files already finished. */
  finished: ImportState;
  /** Lines of the files already finished (for `done`). */
  finishedLines: number;
}

type ErrorWithFile = ImportError & { file?: string };

function summary(
  total: ImportState,
  current: ImportState | null,
  files: number,
): PatentImportResult & { errors: ErrorWithFile[] } {
  const sum = (k: 'read' | 'inserted' | 'updated' | 'unchanged' | 'rejected') => total[k] + (current?.[k] ?? 0);
  const errors = [...total.errors, ...(current?.errors ?? [])].slice(0, 200);
  return {
    read: sum('read'),
    inserted: sum('inserted'),
    updated: sum('updated'),
    unchanged: sum('unchanged'),
    rejected: sum('rejected'),
    errors: files > 1 ? errors : errors.map(({ line, reason }) => ({ line, reason })),
  };
}

function withFile(errors: ImportError[], file: string, many: boolean): ErrorWithFile[] {
  return many ? errors.map((e) => ({ file, ...e })) : errors;
}

async function runPatentImport(ctx: JobContext): Promise<Record<string, unknown>> {
  const params = ctx.params as unknown as PatentImportParams;
  const files = params.files ?? [];
  const many = files.length > 1;
  const { deps } = ctx;
  let total = Number(ctx.job.total);
  if (!total) {
    for (const f of files) total += await countLines(f.path);
    await ctx.progress({ total });
  }
  const cp = ctx.checkpoint as Partial<Checkpoint>;
  let finished: ImportState = cp.finished ?? emptyImportState();
  let finishedLines = cp.finishedLines ?? 0;
  let lastLog = Date.now();
  // The files as one bulk import: the index workers and the titles' merge span them all (ADR 0090).
  await bulkImport(deps.db, async () => {
    for (let i = cp.file ?? 0; i < files.length; i++) {
      const f = files[i];
      const resume = i === cp.file ? cp.state : undefined;
      ctx.checkStop();
      const result = await importJsonlFile(deps.db, f.path, {
        source: f.name,
        resume,
        // Small batches inside the server: each one holds the database (and the event loop) only briefly.
        batchSize: 250,
        yieldBetweenBatches: true,
        log: deps.log,
        now: () => deps.clock().toISOString(),
        onBatch: async (state, trx) => {
          ctx.checkStop();
          const cur = { ...state, errors: withFile(state.errors, f.name, many) };
          const checkpoint: Checkpoint = { file: i, state, finished, finishedLines };
          await ctx.progressIn(trx, {
            done: finishedLines + state.line,
            result: summary(finished, cur, files.length),
            checkpoint: { ...checkpoint },
          });
        },
        onProgress: (state) => {
          if (params.log && Date.now() - lastLog > 5000) {
            lastLog = Date.now();
            const done = finishedLines + state.line;
            deps.log.info(
              `导入专利数据 ${f.name}：已处理 ${done}/${total} 行（${total ? Math.floor((done * 100) / total) : 0}%）`,
            );
          }
        },
      });
      const lines = result.line;
      const merged = summary(finished, { ...result, errors: withFile(result.errors, f.name, many) }, files.length);
      finished = { ...merged, line: 0, errors: merged.errors };
      finishedLines += lines;
      if (params.log) {
        deps.log.info(
          `导入专利数据 ${f.name} 完成：读取 ${result.read}，新增 ${result.inserted}，更新 ${result.updated}，未变化 ${result.unchanged}，拒绝 ${result.rejected}`,
        );
      }
      await ctx.progress({ done: finishedLines, checkpoint: { file: i + 1, finished, finishedLines } });
    }
  });
  if (params.deleteAfter) for (const f of files) await fs.promises.rm(f.path, { force: true });
  // Patents whose applicant is a registered company become that company's (ADR 0018).
  const linked = await writeTransaction(deps.db, { log: deps.log, what: 'link company patents' }, (trx) =>
    linkCompanyPatents(trx, deps.clock().toISOString()),
  );
  if (params.log && linked) deps.log.info(`已将 ${linked} 件专利关联到申请人所属企业`);
  // SQLite: bring the in-memory search columns up to date now rather than at the next search, which would otherwise
  // pay for it (a small database is rebuilt on the spot: 0.6 s for the demo data; a large one in the background).
  if (deps.db.sqlite && finished.inserted + finished.updated > 0) readyStore(deps.db.sqlite);
  // The monitoring rules look at what this import changed (ADR 0029).
  if (finished.inserted + finished.updated > 0 && (await queueMonitoring(deps, ctx.job.owner_id))) deps.jobs?.poke();
  return { ...summary(finished, null, files.length), linked };
}

export const patentJobHandlers: JobHandlers = {
  [PATENT_IMPORT_JOB]: runPatentImport,
};
