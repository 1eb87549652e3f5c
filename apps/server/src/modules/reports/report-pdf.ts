// The monthly report as a PDF (ADR 0030): pdfkit with Noto Sans SC from npm (@expo-google-fonts/noto-sans-sc), so
// Chinese renders on a machine without system fonts (pdfkit embeds the subset of glyphs used). Title, company and
// month; each section a heading with a table; bar charts drawn with pdfkit's vector graphics; page numbers.
// pdfkit and the font package stay external in the compiled server (scripts/build-server.mjs leaves every package in
// node_modules) and the font path is resolved at run time, so dist/main.js finds both.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { REPORT_SECTIONS, type ReportData } from '@ip/contract';
import { monthLabel } from './report-dates';

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
};
let fonts: { regular: Buffer; bold: Buffer } | null = null;

/** The font files, read once per process. */
function loadFonts() {
  fonts ??= {
    regular: fs.readFileSync(require.resolve(FONT_FILES.regular)),
    bold: fs.readFileSync(require.resolve(FONT_FILES.bold)),
  };
  return fonts;
}

const MARGIN = 50;
const COLORS = ['#1677ff', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#13c2c2'];
const money = (n: number) => `¥${n.toLocaleString('zh-CN', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

class ReportWriter {
  readonly doc: PDFKit.PDFDocument;
  constructor() {
    const f = loadFonts();
    this.doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: '月度专利报告' } });
    this.doc.registerFont('cjk', f.regular);
    this.doc.registerFont('cjk-bold', f.bold);
    this.doc.font('cjk');
  }
  get width() {
    return this.doc.page.width - 2 * MARGIN;
  }
  get bottom() {
    return this.doc.page.height - MARGIN - 10;
  }
  ensure(height: number) {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }
  heading(text: string) {
    this.ensure(60);
    this.doc.moveDown(0.6).font('cjk-bold').fontSize(14).fillColor('#1f1f1f').text(text, MARGIN, this.doc.y);
    const y = this.doc.y + 2;
    this.doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + this.width, y)
      .lineWidth(0.8)
      .strokeColor('#1677ff')
      .stroke();
    this.doc.font('cjk').fontSize(10).fillColor('#262626');
    this.doc.y = y + 6;
  }
  note(text: string) {
    this.ensure(16);
    this.doc.font('cjk').fontSize(9).fillColor('#595959').text(text, MARGIN, this.doc.y, { width: this.width });
    this.doc.fillColor('#262626');
  }
  table<T>(columns: { header: string; width: number; value: (row: T) => string }[], rows: T[], total?: number) {
    const doc = this.doc;
    const rowH = 18;
    const scale = this.width / columns.reduce((s, c) => s + c.width, 0);
    const header = () => {
      let x = MARGIN;
      const y = doc.y;
      doc.rect(MARGIN, y, this.width, rowH).fill('#f0f5ff');
      doc.font('cjk-bold').fontSize(9).fillColor('#1f1f1f');
      for (const c of columns) {
        doc.text(c.header, x + 4, y + 4, { width: c.width * scale - 8, lineBreak: false, ellipsis: true });
        x += c.width * scale;
      }
      doc.font('cjk').fillColor('#262626');
      doc.y = y + rowH;
    };
    if (rows.length === 0) {
      this.note('本月无记录。');
      return;
    }
    this.ensure(rowH * 2);
    header();
    rows.forEach((row, i) => {
      if (doc.y + rowH > this.bottom) {
        doc.addPage();
        header();
      }
      const y = doc.y;
      if (i % 2 === 1) doc.rect(MARGIN, y, this.width, rowH).fill('#fafafa');
      doc.fillColor('#262626').fontSize(9);
      let x = MARGIN;
      for (const c of columns) {
        doc.text(c.value(row), x + 4, y + 4, { width: c.width * scale - 8, lineBreak: false, ellipsis: true });
        x += c.width * scale;
      }
      doc.y = y + rowH;
    });
    if (total !== undefined && total > rows.length) this.note(`共 ${total} 条，此处列出前 ${rows.length} 条。`);
    doc.x = MARGIN;
  }
  /** A bar chart: one bar (or a group of bars) per label. */
  bars(title: string, labels: string[], series: { name: string; values: number[] }[], format: (n: number) => string = String) {
    const doc = this.doc;
    const h = 150;
    this.ensure(h + 50);
    const top = doc.y + 4;
    doc.font('cjk-bold').fontSize(10).fillColor('#1f1f1f').text(title, MARGIN, top);
    // The legend.
    let lx = MARGIN + this.width;
    for (let s = series.length - 1; s >= 0; s--) {
      const w = doc.font('cjk').fontSize(8).widthOfString(series[s].name);
      lx -= w + 18;
      doc.rect(lx, top + 3, 8, 8).fill(COLORS[s % COLORS.length]);
      doc.fillColor('#595959').text(series[s].name, lx + 11, top + 1, { lineBreak: false });
    }
    const chartTop = top + 20;
    const chartH = h - 40;
    const left = MARGIN + 40;
    const width = this.width - 40;
    const max = Math.max(1, ...series.flatMap((s) => s.values));
    doc.lineWidth(0.5).strokeColor('#d9d9d9');
    for (let g = 0; g <= 4; g++) {
      const y = chartTop + chartH - (chartH * g) / 4;
      doc
        .moveTo(left, y)
        .lineTo(left + width, y)
        .stroke();
      doc
        .fontSize(7)
        .fillColor('#8c8c8c')
        .text(format((max * g) / 4), MARGIN - 4, y - 4, { width: 40, align: 'right', lineBreak: false });
    }
    const slot = width / Math.max(1, labels.length);
    const barW = Math.min(24, (slot * 0.7) / series.length);
    labels.forEach((label, i) => {
      const x0 = left + i * slot + (slot - barW * series.length) / 2;
      series.forEach((s, k) => {
        const v = s.values[i] ?? 0;
        const bh = (chartH * v) / max;
        if (bh > 0) doc.rect(x0 + k * barW, chartTop + chartH - bh, barW - 1, bh).fill(COLORS[k % COLORS.length]);
      });
      doc
        .fontSize(7)
        .fillColor('#595959')
        .text(label, left + i * slot, chartTop + chartH + 3, { width: slot, align: 'center', lineBreak: false, ellipsis: true });
    });
    doc.fillColor('#262626');
    doc.x = MARGIN;
    doc.y = chartTop + chartH + 18;
  }
  pageNumbers() {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const margins = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font('cjk')
        .fontSize(8)
        .fillColor('#8c8c8c')
        .text(`第 ${i + 1} 页 / 共 ${range.count} 页`, MARGIN, doc.page.height - MARGIN + 15, {
          width: this.width,
          align: 'center',
          lineBreak: false,
        });
      doc.page.margins.bottom = margins;
    }
  }
}

type PatentCols = { header: string; width: number; value: (r: ReportData['filed']['items'][number]) => string }[];

/** Writes the report's PDF and returns it. */
export function reportPdf(data: ReportData): Promise<Buffer> {
  const w = new ReportWriter();
  const { doc } = w;
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const t = data.totals;

  doc.font('cjk-bold').fontSize(22).fillColor('#1f1f1f').text('月度专利报告', { align: 'center' });
  doc.moveDown(0.3).font('cjk').fontSize(13).text(data.company.name, { align: 'center' });
  doc
    .moveDown(0.2)
    .fontSize(10)
    .fillColor('#595959')
    .text(`报告期：${monthLabel(data.month)}（${data.start} 至 ${data.end}）  生成时间：${data.generated_at.slice(0, 10)}`, {
      align: 'center',
    });
  doc.fillColor('#262626');

  w.heading(REPORT_SECTIONS.overview);
  w.table(
    [
      { header: '指标', width: 3, value: (r: string[]) => r[0] },
      { header: '数值', width: 2, value: (r: string[]) => r[1] },
      { header: '指标', width: 3, value: (r: string[]) => r[2] },
      { header: '数值', width: 2, value: (r: string[]) => r[3] },
    ],
    [
      ['专利总数', String(t.patents), '有权 / 审中 / 无权', `${t.in_force} / ${t.pending} / ${t.lapsed_total}`],
      ['本月新申请', String(t.filed), '本月公开', String(t.published)],
      ['本月授权', String(t.granted), '本月失效 / 期限届满', `${t.lapsed} / ${t.expired}`],
      [
        '本月已缴年费',
        `${t.fees_paid_count} 笔，${money(t.fees_paid_amount)}`,
        '下月应缴年费',
        `${t.fees_due_count} 笔，${money(t.fees_due_amount)}`,
      ],
      [
        '下月到期证书',
        String(t.certificates_expiring),
        '本月监控动态',
        data.monitor.available ? String(t.monitor_hits) : '未启用',
      ],
    ],
  );
  w.bars(
    '专利类型分布',
    data.by_type.map((r) => r.type),
    [{ name: '件数', values: data.by_type.map((r) => r.count) }],
  );
  w.bars(
    '法律状态分布',
    data.by_status.map((r) => r.status),
    [{ name: '件数', values: data.by_status.map((r) => r.count) }],
  );
  w.bars(
    '近 12 个月申请、公开与授权',
    data.activity_by_month.map((r) => r.month.slice(2)),
    [
      { name: '申请', values: data.activity_by_month.map((r) => r.filed) },
      { name: '公开', values: data.activity_by_month.map((r) => r.published) },
      { name: '授权', values: data.activity_by_month.map((r) => r.granted) },
    ],
  );

  const patentCols = (dateHeader: string, extra?: PatentCols[number]): PatentCols => [
    { header: '申请号', width: 3, value: (r) => r.an ?? '' },
    { header: '名称', width: 6, value: (r) => r.title },
    { header: '类型', width: 2, value: (r) => r.type },
    { header: dateHeader, width: 2.2, value: (r) => r.date },
    ...(extra
      ? [extra]
      : [{ header: '法律状态', width: 1.8, value: (r: ReportData['filed']['items'][number]) => r.legal_status }]),
  ];
  w.heading(REPORT_SECTIONS.filed);
  w.table(patentCols('申请日'), data.filed.items, data.filed.total);
  w.heading(REPORT_SECTIONS.published);
  w.table(patentCols('公开日'), data.published.items, data.published.total);
  w.heading(REPORT_SECTIONS.granted);
  w.table(patentCols('授权日'), data.granted.items, data.granted.total);
  w.heading(REPORT_SECTIONS.lapsed);
  w.table(patentCols('失效日', { header: '原因', width: 3, value: (r) => r.reason ?? '' }), data.lapsed.items, data.lapsed.total);
  w.heading(REPORT_SECTIONS.expired);
  w.table(patentCols('届满日'), data.expired.items, data.expired.total);

  type Fee = ReportData['fees_paid']['items'][number];
  const feeCols = (dateHeader: string) => [
    { header: '申请号', width: 3, value: (r: Fee) => r.an ?? '' },
    { header: '名称', width: 6, value: (r: Fee) => r.title },
    { header: '年度', width: 1.2, value: (r: Fee) => `第 ${r.year} 年` },
    { header: dateHeader, width: 2.2, value: (r: Fee) => r.date },
    { header: '金额', width: 2, value: (r: Fee) => money(r.amount) },
  ];
  w.heading(REPORT_SECTIONS.feesPaid);
  w.bars(
    '近 12 个月缴费金额（元）',
    data.fees_by_month.map((r) => r.month.slice(2)),
    [{ name: '缴费金额', values: data.fees_by_month.map((r) => r.amount) }],
    (n) => String(Math.round(n)),
  );
  w.table(feeCols('缴费日'), data.fees_paid.items, data.fees_paid.total);
  w.heading(REPORT_SECTIONS.feesDue);
  w.note(`${data.next_start} 至 ${data.next_end} 应缴 ${t.fees_due_count} 笔，合计 ${money(t.fees_due_amount)}。`);
  w.table(feeCols('缴费期限'), data.fees_due.items, data.fees_due.total);
  w.heading(REPORT_SECTIONS.certificates);
  w.table(
    [
      { header: '证书名称', width: 8, value: (r: ReportData['certificates']['items'][number]) => r.name },
      { header: '到期日', width: 3, value: (r: ReportData['certificates']['items'][number]) => r.expiry_date },
    ],
    data.certificates.items,
    data.certificates.total,
  );
  w.heading(REPORT_SECTIONS.monitor);
  if (!data.monitor.available) w.note('专利监控功能尚未启用。');
  else
    w.table(
      [
        { header: '日期', width: 2.2, value: (r: ReportData['monitor']['items'][number]) => r.date },
        { header: '内容', width: 10, value: (r: ReportData['monitor']['items'][number]) => r.title },
      ],
      data.monitor.items,
      data.monitor.total,
    );
  w.pageNumbers();
  doc.end();
  return done;
}
