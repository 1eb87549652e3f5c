// Demo certificates and non-patent IP of 示例科技有限公司 (ADR 0021), for a fresh start: dates relative to the seed
// day, so the list always shows certificates 即将到期 and 已过期; attachments are small generated images and PDFs
// stored like uploads of the demo company user, so the preview works at once. Deterministic: the same records
// for the same patents and day.
import zlib from 'node:zlib';
import { isoAddDays, privateFileId } from '@ip/contract';
import type { Deps } from '../deps';
import { chinaToday } from '../modules/common/records';
import { ensureFileDirs } from '../modules/common/file-store';
import { onePagePdf, storeDemoFile } from './seed-files';

/** A width × height RGB PNG that looks like a certificate: paper, a coloured frame, a band and lines of "text". */
export function certificatePng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const frame = x < 12 || y < 12 || x >= width - 12 || y >= height - 12;
      const band = y >= 36 && y < 64 && x >= width / 4 && x < (width * 3) / 4;
      const line = y > 96 && y < height - 60 && (y - 96) % 28 < 6 && x > 48 && x < width - 48;
      const seal = (x - width * 0.75) ** 2 + (y - (height - 72)) ** 2 < 30 ** 2;
      const px: [number, number, number] =
        frame || band ? [r, g, b] : seal ? [200, 30, 30] : line ? [190, 190, 190] : [253, 250, 240];
      raw.set(px, row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface DemoCertificate {
  kind: string;
  number: string;
  name: string;
  issuer: string;
  issue_date: string;
  expiry_date: string | null;
  patent_id?: number;
  note?: string;
  file?: 'png' | 'pdf';
}

/** Adds years to a date (29 February becomes 28 February). */
const addYears = (date: string, years: number) => {
  const y = Number(date.slice(0, 4)) + years;
  const md = date.slice(5) === '02-29' ? '02-28' : date.slice(5);
  return `${y}-${md}`;
};

/** Certificates and non-patent IP of the demo company; no-op without the demo company user. */
export async function seedDemoCertificates(deps: Deps): Promise<void> {
  const { db } = deps.db;
  const user = await db.selectFrom('users').select(['id', 'company_id']).where('mobile', '=', '13800000001').executeTakeFirst();
  if (!user || !user.company_id) return;
  const companyId = user.company_id;
  const today = chinaToday(deps.clock());
  const now = deps.clock().toISOString();
  ensureFileDirs(deps.config);

  let n = 0;
  const colours: [number, number, number][] = [
    [22, 119, 255],
    [212, 136, 6],
    [19, 194, 194],
    [114, 46, 209],
    [82, 196, 26],
  ];
  const attach = async (title: string, file: 'png' | 'pdf' | undefined): Promise<string> => {
    if (!file) return '[]';
    n++;
    const url =
      file === 'png'
        ? await storeDemoFile(
            deps,
            user.id,
            'document',
            `${title}.png`,
            'image/png',
            certificatePng(480, 340, colours[n % colours.length]),
          )
        : await storeDemoFile(deps, user.id, 'document', `${title}.pdf`, 'application/pdf', onePagePdf(`Demo certificate ${n}`));
    return JSON.stringify([privateFileId(url)]);
  };

  // Patent certificates for the company's granted patents (the newest grants first).
  const granted = await db
    .selectFrom('company_patents as cp')
    .innerJoin('patents as p', 'p.id', 'cp.patent_id')
    .select(['p.id', 'p.title', 'p.type', 'p.gd', 'p.gn', 'p.expiry_date'])
    .where('cp.company_id', '=', companyId)
    .where('cp.removed', '=', 0)
    .where('p.legal_status', '=', '有权')
    .where('p.gd', 'is not', null)
    .orderBy('p.gd', 'desc')
    .orderBy('p.id', 'asc')
    .limit(12)
    .execute();
  const certs: DemoCertificate[] = granted.map((p, i) => ({
    kind: 'patent',
    number: `第${String(4_000_000 + ((p.id * 7919) % 900_000)).padStart(7, '0')}号`,
    name: `${p.type || '发明'}专利证书：${p.title}`.slice(0, 100),
    issuer: '国家知识产权局',
    issue_date: p.gd!,
    expiry_date: p.expiry_date && p.expiry_date >= p.gd! ? p.expiry_date : null,
    patent_id: p.id,
    note: p.gn ? `授权公告号 ${p.gn}` : '',
    file: i % 3 === 0 ? 'png' : i % 3 === 1 ? 'pdf' : undefined,
  }));

  const span = (expiry: string, years: number) => ({ issue_date: isoAddDays(addYears(expiry, -years), 1), expiry_date: expiry });
  certs.push(
    {
      kind: 'hightech',
      number: 'GR202333009876',
      name: '高新技术企业证书',
      issuer: '浙江省科学技术厅 浙江省财政厅 国家税务总局浙江省税务局',
      ...span(isoAddDays(today, 60), 3),
      note: '到期前需提交重新认定申请',
      file: 'png',
    },
    {
      kind: 'iso',
      number: '00123Q31234R2M',
      name: 'ISO 9001 质量管理体系认证证书',
      issuer: '中国质量认证中心',
      ...span(isoAddDays(today, -25), 3),
      note: '已过期，复审审核待安排',
      file: 'pdf',
    },
    {
      kind: 'iso',
      number: '00123E31235R1M',
      name: 'ISO 14001 环境管理体系认证证书',
      issuer: '中国质量认证中心',
      ...span(isoAddDays(today, 420), 3),
      file: 'pdf',
    },
    {
      kind: 'iso',
      number: '00123S31236R1M',
      name: 'ISO 45001 职业健康安全管理体系认证证书',
      issuer: '中国质量认证中心',
      ...span(isoAddDays(today, 20), 3),
    },
    {
      kind: 'iso',
      number: '165IP220456R0M',
      name: '知识产权管理体系认证证书（GB/T 29490）',
      issuer: '中知（北京）认证有限公司',
      ...span(isoAddDays(today, 200), 3),
      file: 'png',
    },
    {
      kind: 'honor',
      number: 'ZJZJTX-2024-0312',
      name: '浙江省专精特新中小企业',
      issuer: '浙江省经济和信息化厅',
      ...span(isoAddDays(today, 640), 3),
      file: 'png',
    },
    {
      kind: 'honor',
      number: 'KXZ-2025-330100-0456',
      name: '科技型中小企业入库登记',
      issuer: '浙江省科学技术厅',
      issue_date: isoAddDays(today, -120),
      expiry_date: `${today.slice(0, 4)}-12-31`,
    },
    {
      kind: 'honor',
      number: 'HZ-IPSF-2023-018',
      name: '杭州市知识产权示范企业',
      issuer: '杭州市市场监督管理局（知识产权局）',
      issue_date: isoAddDays(today, -700),
      expiry_date: null,
      file: 'png',
    },
    {
      kind: 'honor',
      number: 'SHXY-2022-1107',
      name: '守合同重信用企业',
      issuer: '浙江省市场监督管理局',
      ...span(isoAddDays(today, -70), 2),
    },
    {
      kind: 'qualification',
      number: '浙RQ-2023-0198',
      name: '软件企业证书',
      issuer: '浙江省软件行业协会',
      ...span(isoAddDays(today, 85), 1),
      file: 'pdf',
    },
    {
      kind: 'qualification',
      number: '(浙)JZ安许证字[2024]010345',
      name: '安全生产许可证',
      issuer: '浙江省住房和城乡建设厅',
      ...span(isoAddDays(today, 1000), 3),
    },
    {
      kind: 'other',
      number: 'CNAS-L12345',
      name: '实验室认可证书',
      issuer: '中国合格评定国家认可委员会',
      ...span(isoAddDays(today, 150), 6),
    },
  );
  for (const c of certs) {
    const file_ids = await attach(c.name.split('：')[0], c.file);
    await db
      .insertInto('certificates')
      .values({
        company_id: companyId,
        kind: c.kind,
        number: c.number,
        name: c.name,
        issuer: c.issuer,
        issue_date: c.issue_date,
        expiry_date: c.expiry_date,
        patent_id: c.patent_id ?? 0,
        note: c.note ?? '',
        file_ids,
        created_by: user.id,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  const owner = '示例科技有限公司';
  const ip = [
    {
      kind: 'trademark',
      number: '23456781',
      name: '示例科技',
      nice_class: 9,
      application_date: '2016-05-10',
      registration_date: '2017-08-07',
      expiry_date: isoAddDays(today, 45),
      status: 'registered',
      note: '续展期内，请尽快提交续展申请',
      file: 'png' as const,
    },
    {
      kind: 'trademark',
      number: '23456782',
      name: '示例科技',
      nice_class: 42,
      application_date: '2016-05-10',
      registration_date: '2017-08-07',
      expiry_date: '2027-08-06',
      status: 'registered',
    },
    {
      kind: 'trademark',
      number: '34567890',
      name: 'SHILI',
      nice_class: 35,
      application_date: '2019-11-02',
      registration_date: '2020-12-14',
      expiry_date: '2030-12-13',
      status: 'registered',
      file: 'pdf' as const,
    },
    {
      kind: 'trademark',
      number: '71234567',
      name: '示例智造',
      nice_class: 7,
      application_date: isoAddDays(today, -160),
      registration_date: null,
      expiry_date: null,
      status: 'pending',
    },
    {
      kind: 'trademark',
      number: '45678901',
      name: '示例云',
      nice_class: 38,
      application_date: '2020-03-18',
      registration_date: null,
      expiry_date: null,
      status: 'rejected',
      note: '驳回复审未获支持',
    },
    {
      kind: 'software',
      number: '2021SR0456789',
      name: '示例专利管理系统 V2.0',
      nice_class: 0,
      application_date: '2021-02-01',
      registration_date: '2021-03-26',
      expiry_date: '2071-12-31',
      status: 'registered',
      file: 'pdf' as const,
    },
    {
      kind: 'software',
      number: '2023SR0987654',
      name: '示例电池管理平台软件 V1.0',
      nice_class: 0,
      application_date: '2023-06-12',
      registration_date: '2023-07-30',
      expiry_date: '2073-12-31',
      status: 'registered',
    },
    {
      kind: 'software',
      number: '2024SR1234567',
      name: '示例设备远程运维 App V3.1',
      nice_class: 0,
      application_date: '2024-09-02',
      registration_date: '2024-10-21',
      expiry_date: '2074-12-31',
      status: 'registered',
    },
    {
      kind: 'copyright',
      number: '浙作登字-2022-F-00123456',
      name: '示例科技企业标识',
      nice_class: 0,
      application_date: '2022-04-01',
      registration_date: '2022-05-09',
      expiry_date: null,
      status: 'registered',
      file: 'png' as const,
    },
    {
      kind: 'copyright',
      number: '国作登字-2019-L-00876543',
      name: '示例科技产品手册（2019 版）',
      nice_class: 0,
      application_date: '2019-01-15',
      registration_date: '2019-03-02',
      expiry_date: null,
      status: 'invalid',
      note: '已被新版手册替代',
    },
  ];
  for (const { file, note, ...r } of ip) {
    const file_ids = await attach(r.name, file);
    await db
      .insertInto('ip_assets')
      .values({
        company_id: companyId,
        ...r,
        owner,
        note: note ?? '',
        file_ids,
        created_by: user.id,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
