// The worker thread that writes an Excel export (ADR 0014): ExcelJS's row formatting and zip compression run here,
// off the event loop that serves requests. The job (search.export.ts) reads the rows and posts them in batches; each
// message gets one answer, in order. The file named in workerData is the temporary .part file; the job renames it.
// Imports stay minimal (exceljs, export-columns.ts, excel-backpressure.ts): the production build emits this file as
// dist/export.worker.js. After each batch it waits for the zip to catch up (excel-backpressure.ts), so the sheet is
// not held in memory.
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { waitForZip } from './excel-backpressure';
import { EXPORT_COLUMNS, EXPORT_SHEET, excelRow, type FromWorker, type ToWorker } from './export-columns';

const port = parentPort!;
const { file } = workerData as { file: string };
const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
const ws = wb.addWorksheet(EXPORT_SHEET);
ws.columns = EXPORT_COLUMNS;
ws.getRow(1).font = { bold: true };
ws.getRow(1).commit();
let n = 0;

const reply = (m: FromWorker) => port.postMessage(m);
let chain: Promise<void> = Promise.resolve();

port.on('message', (m: ToWorker) => {
  chain = chain.then(async () => {
    try {
      if (m.type === 'rows') {
        for (const r of m.rows) ws.addRow(excelRow(++n, r)).commit();
        await waitForZip(ws);
        reply({ type: 'ack', rows: n });
      } else {
        ws.commit();
        await wb.commit();
        reply({ type: 'done', rows: n });
      }
    } catch (err) {
      reply({ type: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  });
});
