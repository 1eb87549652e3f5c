// Demo industry reports (issue 14, ADR 0054): four published reports and one draft, each a real small PDF written at
// seed time with pdfkit and the Noto Sans SC font (as the monthly patent report), and a coloured cover, so
// /IndustryReport and /industry have content on a fresh start. Deterministic: fixed texts, times before the seed time;
// written once (skipped when reports exist). The texts are written for this product.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import type { Deps } from '../../deps';
import { ensureFileDirs } from '../../modules/common/file-store';
import { privateFileId } from '@ip/contract';
import { solidPng, storeDemoFile } from '../seed-files';

const require = createRequire(import.meta.url);
const FONT = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';

interface DemoReport {
  title: string;
  industry: string;
  year: number;
  summary: string;
  sections: [string, string][];
  colour: [number, number, number];
  published: boolean;
  downloads: number;
  daysAgo: number;
}

const REPORTS: DemoReport[] = [
  {
    title: '2025 年度新一代信息技术产业专利分析报告',
    industry: '新一代信息技术',
    year: 2025,
    summary: '梳理本区集成电路、工业软件与人工智能企业的专利布局，比较与全国同行的申请趋势和核心技术分布。',
    sections: [
      ['一、总体态势', '本区新一代信息技术企业近五年发明专利申请量年均增长 18%，集中在芯片设计、边缘计算与智能视觉三个方向。'],
      ['二、重点技术', '智能视觉领域授权量居全市第三；工业软件的发明专利占比偏低，建议加强算法与数据处理方法的保护。'],
      ['三、建议', '鼓励龙头企业牵头组建专利池，开展海外布局；中小企业可通过专利导航确定研发方向。'],
    ],
    colour: [22, 119, 255],
    published: true,
    downloads: 36,
    daysAgo: 40,
  },
  {
    title: '2025 年度高端装备制造产业知识产权发展报告',
    industry: '高端装备制造',
    year: 2025,
    summary: '从专利数量、质量与运用三个维度评价本区高端装备制造企业，附重点企业专利运营案例。',
    sections: [
      ['一、产业概况', '本区高端装备制造企业 126 家，拥有有效发明专利 2,340 件，数控机床与工业机器人占比过半。'],
      ['二、专利运用', '2025 年专利质押融资 11 笔，合计 3.2 亿元；专利许可 27 次，较上年明显增加。'],
      ['三、风险提示', '减速器与伺服系统领域的海外专利密集，出口企业应做好自由实施分析。'],
    ],
    colour: [82, 196, 26],
    published: true,
    downloads: 18,
    daysAgo: 25,
  },
  {
    title: '2024 年度生物医药产业专利导航报告',
    industry: '生物医药',
    year: 2024,
    summary: '围绕创新药、医疗器械和体外诊断三条产业链，分析专利技术路线，提出研发与布局建议。',
    sections: [
      ['一、产业链分析', '体外诊断方向专利申请最为活跃，创新药方向以高校与科研院所为主要申请人。'],
      ['二、技术路线', '抗体药物与核酸检测是近三年增长最快的技术分支。'],
      ['三、布局建议', '建议企业在临床前阶段完成核心化合物与制备工艺的专利申请，并关注专利期限补偿制度。'],
    ],
    colour: [114, 46, 209],
    published: true,
    downloads: 52,
    daysAgo: 300,
  },
  {
    title: '2024 年度新材料产业知识产权白皮书',
    industry: '新材料',
    year: 2024,
    summary: '介绍本区先进高分子材料、特种金属材料企业的专利与商标情况，以及知识产权保护典型案例。',
    sections: [
      ['一、总体情况', '新材料企业有效发明专利 980 件，其中高价值发明专利 410 件。'],
      ['二、保护案例', '区内一家企业通过行政裁决快速制止了竞争对手的侵权行为，维权周期不到三个月。'],
    ],
    colour: [250, 140, 22],
    published: true,
    downloads: 9,
    daysAgo: 320,
  },
  {
    title: '2026 年第一季度新能源产业专利动态（征求意见稿）',
    industry: '新能源',
    year: 2026,
    summary: '光伏与储能企业一季度专利申请与授权动态，尚在征求意见，未发布。',
    sections: [['一、一季度动态', '储能电池管理系统相关申请量环比增长 12%。']],
    colour: [19, 194, 194],
    published: false,
    downloads: 0,
    daysAgo: 3,
  },
];

/** A small report PDF: the title, the year and industry, the summary and a few sections, in Noto Sans SC. */
export function reportPdf(r: Pick<DemoReport, 'title' | 'industry' | 'year' | 'summary' | 'sections'>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 60, info: { Title: r.title } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('cjk', fs.readFileSync(require.resolve(FONT)));
    doc.font('cjk').fontSize(20).fillColor('#1f1f1f').text(r.title, { align: 'center' });
    doc
      .moveDown(0.5)
      .fontSize(11)
      .fillColor('#595959')
      .text(`${r.year} 年 · ${r.industry} · 区知识产权服务中心`, { align: 'center' });
    doc.moveDown(1.2).fontSize(12).fillColor('#262626').text(`摘要：${r.summary}`);
    for (const [heading, body] of r.sections) {
      doc.moveDown(1).fontSize(14).fillColor('#003eb3').text(heading);
      doc.moveDown(0.3).fontSize(11).fillColor('#262626').text(body, { lineGap: 4 });
    }
    doc.moveDown(2).fontSize(9).fillColor('#8c8c8c').text('本报告为平台演示数据，仅供参考。');
    doc.end();
  });
}

export async function seedDemoIndustryReports(deps: Deps): Promise<void> {
  const { db } = deps.db;
  const existing = await db.selectFrom('industry_reports').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const admin = await db.selectFrom('users').select('id').where('is_admin', '=', 1).orderBy('id').executeTakeFirst();
  if (!admin) return;
  ensureFileDirs(deps.config);
  const now = deps.clock().getTime();
  for (const r of REPORTS) {
    const pdfUrl = await storeDemoFile(deps, admin.id, 'document', `${r.title}.pdf`, 'application/pdf', await reportPdf(r));
    const coverUrl = await storeDemoFile(deps, admin.id, 'portal', `${r.industry}封面.png`, 'image/png', solidPng(120, r.colour));
    const cover = await db
      .selectFrom('files')
      .select('id')
      .where('stored_name', '=', coverUrl.replace('/uploads/', ''))
      .executeTakeFirstOrThrow();
    const at = new Date(now - r.daysAgo * 86_400_000).toISOString();
    await db
      .insertInto('industry_reports')
      .values({
        title: r.title,
        industry: r.industry,
        year: r.year,
        summary: r.summary,
        file_id: privateFileId(pdfUrl) ?? 0,
        cover_file_id: Number(cover.id),
        status: r.published ? 'published' : 'draft',
        downloads: r.downloads,
        created_by: admin.id,
        created_at: at,
        updated_at: at,
        published_at: r.published ? at : null,
      })
      .execute();
  }
}
