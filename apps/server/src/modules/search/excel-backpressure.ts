// Backpressure for ExcelJS's streaming workbook writer. ExcelJS hands each worksheet's XML to the zip (archiver)
// without waiting: its StreamBuf ignores what write() answers. Rows made faster than the zip compresses them then
// pile up, uncompressed, in the zip entry's input: about 1 KB a row, 52 MB at 50,000 rows of an export (measured,
// exceljs 4.4), the whole sheet by the end. The export worker waits here after each batch until that pile is small.
// It reads two of ExcelJS's internals (worksheet.stream.pipes, the entry's _writableState); excel-backpressure.test.ts
// fails if a new ExcelJS moves them, and without them this waits for nothing (the export still works).
import type ExcelJS from 'exceljs';

interface Piped {
  _writableState?: { length?: number };
  once(event: 'drain', listener: () => void): unknown;
  removeListener(event: 'drain', listener: () => void): unknown;
}

function entryOf(ws: ExcelJS.Worksheet): Piped | null {
  const pipes = (ws as unknown as { stream?: { pipes?: Piped[] } }).stream?.pipes;
  return pipes?.[0] ?? null;
}

/** Bytes of the worksheet's XML written but not yet taken by the zip (0 when they cannot be read). */
export function zipBacklog(ws: ExcelJS.Worksheet): number {
  return entryOf(ws)?._writableState?.length ?? 0;
}

/** Waits until at most `limit` bytes of the worksheet wait for the zip (re-checked at least every 50 ms). */
export async function waitForZip(ws: ExcelJS.Worksheet, limit = 1 << 20): Promise<void> {
  const entry = entryOf(ws);
  while (entry && zipBacklog(ws) > limit) {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        entry.removeListener('drain', done);
        resolve();
      };
      const timer = setTimeout(done, 50);
      entry.once('drain', done);
    });
  }
}
