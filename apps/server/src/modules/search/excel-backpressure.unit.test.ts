// The export worker's backpressure (excel-backpressure.ts) reads two ExcelJS internals: this fails if an ExcelJS
// update moves them (zipBacklog would read 0 and the worker would hold a whole sheet in memory again).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { waitForZip, zipBacklog } from './excel-backpressure';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'excel-bp-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('waitForZip', () => {
  it('sees the XML the zip has not taken yet and waits until it is small', async () => {
    const file = path.join(dir, 'a.xlsx');
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file });
    const ws = wb.addWorksheet('s');
    ws.columns = [{ header: '摘要', key: 'ab' }];
    const text = '本发明公开了一种锂电池组的热管理系统，'.repeat(20);
    for (let i = 0; i < 5000; i++) ws.addRow({ ab: `${i}${text}` }).commit();
    // 5,000 rows of ~1.2 KB written in one go: the zip cannot have taken them yet.
    expect(zipBacklog(ws)).toBeGreaterThan(1 << 20);
    await waitForZip(ws, 256 << 10);
    expect(zipBacklog(ws)).toBeLessThanOrEqual(256 << 10);
    ws.commit();
    await wb.commit();
    const back = new ExcelJS.Workbook();
    await back.xlsx.readFile(file);
    const sheet = back.getWorksheet('s')!;
    expect(sheet.rowCount).toBe(5001);
    expect(sheet.getCell('A5001').value).toBe(`4999${text}`);
  });

  it('returns at once when nothing is waiting', async () => {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path.join(dir, 'b.xlsx') });
    const ws = wb.addWorksheet('s');
    expect(zipBacklog(ws)).toBe(0);
    await waitForZip(ws);
    ws.commit();
    await wb.commit();
  });
});
