// Demo litigation: plausible Chinese patent cases (infringement of invention / utility model / design patents,
// ownership and licence disputes, invalidation appeals against 国家知识产权局, second-instance appeals and retrial
// applications) over patents REALLY stored in the database: the demo companies' own patents (示例科技有限公司 as
// plaintiff, defendant and third party; once under its former name) and other stored patents. Cases come in the
// import format (docs/litigation-format.md), so the same generator feeds the start-up seed and
// `npm run import:litigation -- --demo N [--out FILE.jsonl]`. Deterministic: the same seed and the same stored
// patents give the same cases.
import { sql } from 'kysely';
import type { Db } from '../index';
import type { Deps } from '../../deps';
import { formerNamesOf, nameVariants } from '../../modules/company/company-link';
import { DEMO_COMPANY, DEMO_DATA_DATE } from '../../modules/patents/demo-patents';
import { validateCase, type CaseInput } from '../../modules/litigation/litigation-record';
import { storeCases } from '../../modules/litigation/litigation-import';
import { companyNameKeys, setFollow } from '../../modules/litigation/litigation.repo';

export const DEFAULT_LITIGATION_SEED = 20260301;
export const DEFAULT_LITIGATION_COUNT = 96;

export interface PoolPatent {
  an: string | null;
  pn: string | null;
  title: string;
  type: string;
  ad: string | null;
  /** Grant date: an infringement suit needs a granted patent, filed after the grant. */
  gd: string | null;
  applicant: string;
}

/** What the generator draws on: the demo companies with their stored patents, and other stored patents. */
export interface DemoPool {
  companies: { name: string; formerNames: string[]; patents: PoolPatent[] }[];
  others: PoolPatent[];
}

/** A case in the import format. */
export interface DemoCaseLine {
  case_no: string;
  court: string;
  cause: string;
  trial_level: string;
  status: string;
  filing_date: string;
  judgment_date?: string;
  parties: { role: string; name: string }[];
  patents: string[];
  summary: string;
  judgment_text?: string;
  documents: { title: string; kind: string; date: string; text?: string }[];
}

/** mulberry32: a small seeded PRNG (the same seed gives the same sequence everywhere). */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof prng>;

/** First-instance courts for patent cases and the code of their case numbers. */
const COURTS: [string, string, string, string][] = [
  ['浙江省杭州市中级人民法院', '浙01', '浙江省杭州市', '浙江省高级人民法院'],
  ['浙江省宁波市中级人民法院', '浙02', '浙江省宁波市', '浙江省高级人民法院'],
  ['江苏省南京市中级人民法院', '苏01', '江苏省南京市', '江苏省高级人民法院'],
  ['江苏省苏州市中级人民法院', '苏05', '江苏省苏州市', '江苏省高级人民法院'],
  ['上海知识产权法院', '沪73', '上海市', '上海市高级人民法院'],
  ['北京知识产权法院', '京73', '北京市', '北京市高级人民法院'],
  ['广州知识产权法院', '粤73', '广东省广州市', '广东省高级人民法院'],
  ['广东省深圳市中级人民法院', '粤03', '广东省深圳市', '广东省高级人民法院'],
  ['四川省成都市中级人民法院', '川01', '四川省成都市', '四川省高级人民法院'],
  ['湖北省武汉市中级人民法院', '鄂01', '湖北省武汉市', '湖北省高级人民法院'],
];
const BRANDS = ['恒远', '东升', '利达', '华茂', '新锐', '金桥', '宏图', '启明', '凯丰', '正泰', '联创', '永盛', '天禾', '中瑞'];
const TRADES = ['电子科技', '智能装备', '机械制造', '新能源', '光电', '科技', '电器', '精密制造', '信息技术', '材料科技'];
const CITIES = ['杭州', '宁波', '苏州', '深圳', '东莞', '佛山', '温州', '无锡', '成都', '合肥'];
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超霞平刚华玉兰萍红鹏辉建国志文斌宇浩凯健俊峰亮晨博雪琳晶颖欣怡思远';
const LAW_FIRMS = [
  '浙江天册律师事务所',
  '北京市金杜律师事务所',
  '上海市锦天城律师事务所',
  '北京市立方律师事务所',
  '广东华商律师事务所',
  '江苏圣典律师事务所',
];
const CN_DIGITS = '〇一二三四五六七八九';

function person(r: Rng): string {
  return r.pick([...SURNAMES]) + r.pick([...GIVEN]) + (r.chance(0.6) ? r.pick([...GIVEN]) : '');
}

/** 2023-11-20 → 二〇二三年十一月二十日 (the way a judgment is dated). */
export function chineseDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  const small = (n: number) =>
    n < 10 ? CN_DIGITS[n] : `${n >= 20 ? CN_DIGITS[Math.floor(n / 10)] : ''}十${n % 10 ? CN_DIGITS[n % 10] : ''}`;
  return `${[...String(y)].map((c) => CN_DIGITS[Number(c)]).join('')}年${small(m)}月${small(d)}日`;
}

function addDays(iso: string, days: number): string {
  const t = new Date(`${iso}T00:00:00Z`).getTime() + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

const causeOf = (type: string) =>
  type === '发明' ? '侵害发明专利权纠纷' : type === '外观设计' ? '侵害外观设计专利权纠纷' : '侵害实用新型专利权纠纷';
const patentNo = (p: PoolPatent) => p.an ?? p.pn ?? '';

export class DemoLitigationGenerator {
  private readonly r: Rng;
  private readonly used = new Set<string>();
  private readonly strangers: string[];

  constructor(
    private readonly pool: DemoPool,
    seed = DEFAULT_LITIGATION_SEED,
  ) {
    this.r = prng(seed);
    const names = new Set<string>();
    while (names.size < 40) names.add(`${this.r.pick(CITIES)}${this.r.pick(BRANDS)}${this.r.pick(TRADES)}有限公司`);
    const companies = new Set(pool.companies.map((c) => c.name));
    this.strangers = [...names].filter((n) => !companies.has(n));
  }

  private caseNo(year: number, code: string, kind: string): string {
    for (;;) {
      const no = `（${year}）${code}${kind}${this.r.int(kind.endsWith('初') ? 100 : 1, kind.endsWith('初') ? 9999 : 3999)}号`;
      if (!this.used.has(no)) {
        this.used.add(no);
        return no;
      }
    }
  }

  /** A filing date from 2019-01-02 (or a month after `after`) to a month before DEMO_DATA_DATE (or `before`). */
  private filingDate(after?: string | null, before?: string): string {
    const first = after && addDays(after, 30) > '2019-01-02' ? addDays(after, 30) : '2019-01-02';
    const from = new Date(`${first}T00:00:00Z`).getTime();
    const to = Math.max(from, new Date(`${before ?? addDays(DEMO_DATA_DATE, -30)}T00:00:00Z`).getTime());
    return new Date(from + Math.floor(this.r.next() * ((to - from) / 86_400_000)) * 86_400_000).toISOString().slice(0, 10);
  }

  private stranger(not: string[] = []): string {
    for (;;) {
      const n = this.r.pick(this.strangers);
      if (!not.includes(n)) return n;
    }
  }

  /**
   * A patent of the pool: of the named company when it has any, else any stored one; `granted`: only patents granted
   * at least four months before the demo date (an infringement suit is brought on a granted patent).
   */
  private patentOf(company?: string, granted = false): PoolPatent | null {
    const ok = (p: PoolPatent) => !granted || (p.gd !== null && p.gd < addDays(DEMO_DATA_DATE, -120));
    const own = (company ? this.pool.companies.find((c) => c.name === company)?.patents : undefined)?.filter(ok);
    const others = this.pool.others.filter(ok);
    const list = own?.length ? own : others.length ? others : this.pool.companies.flatMap((c) => c.patents).filter(ok);
    return list.length ? this.r.pick(list) : null;
  }

  private counsel(): string {
    return `委托诉讼代理人：${person(this.r)}，${this.r.pick(LAW_FIRMS)}律师。`;
  }

  private judges(date: string): string[] {
    return [
      `审判长\u3000${person(this.r)}`,
      `审判员\u3000${person(this.r)}`,
      `审判员\u3000${person(this.r)}`,
      chineseDate(date),
      `书记员\u3000${person(this.r)}`,
    ];
  }

  /** One first-instance infringement case (and, now and then, its appeal as a second case). */
  private infringement(
    plaintiff: string,
    defendant: string,
    patent: PoolPatent | null,
    out: DemoCaseLine[],
    formerPlaintiff?: string,
  ): void {
    const r = this.r;
    const [court, code, place, highCourt] = r.pick(COURTS);
    // The case under the former name is from before the change of name (2019).
    const filing = this.filingDate(patent?.gd, formerPlaintiff ? '2019-12-20' : undefined);
    const type = patent?.type || '实用新型';
    const design = type === '外观设计';
    const scope = design ? '与涉案外观设计相同或者近似' : '落入涉案专利权利要求1的保护范围';
    const cause = causeOf(type);
    const title = patent?.title ?? '一种连接结构';
    const number = patent ? patentNo(patent) : '';
    const plaintiffName = formerPlaintiff ?? plaintiff;
    const claim = r.int(10, 300) * 10_000;
    let status = r.pick(['已判决', '已判决', '已判决', '已调解', '已撤诉', '审理中'] as const);
    let judged: string | undefined = addDays(filing, r.int(90, 420));
    if (judged > DEMO_DATA_DATE || status === '审理中') {
      status = '审理中';
      judged = undefined;
    }
    const won = r.chance(0.7);
    const award = Math.max(1, Math.round((claim * r.int(15, 80)) / 100 / 10_000)) * 10_000;
    const wan = (n: number) => `${n / 10_000}万元`;
    const head = [
      `原告：${plaintiffName}，住所地${place}${r.pick(['高新区', '经济开发区', '滨江区', '工业园区'])}${r.pick(['科技路', '创新大道', '兴业街', '长江路'])}${r.int(1, 300)}号。`,
      `法定代表人：${person(r)}，该公司董事长。`,
      this.counsel(),
      `被告：${defendant}，住所地${place}${r.pick(['开发区', '新区', '高新区'])}${r.pick(['工业路', '建设路', '迎宾大道', '振兴路'])}${r.int(1, 500)}号。`,
      `法定代表人：${person(r)}，该公司总经理。`,
      this.counsel(),
    ];
    const claimText = `${plaintiffName}向本院提出诉讼请求：1.判令被告立即停止制造、销售、许诺销售侵害原告${type}专利权（专利号：${number}）的产品；2.判令被告赔偿原告经济损失及为制止侵权行为所支付的合理开支共计${wan(claim)}；3.本案诉讼费用由被告负担。事实和理由：原告是名称为“${title}”的${type}专利的专利权人，该专利${patent?.ad ? `申请日为${patent.ad}，` : ''}目前合法有效。原告发现被告未经许可，制造、销售、许诺销售的产品${scope}，给原告造成了经济损失。`;
    const defence = `${defendant}辩称：被诉侵权产品${design ? '与涉案外观设计既不相同也不近似' : '未落入涉案专利权利要求的保护范围'}；被告实施的是现有技术；原告主张的赔偿数额过高，缺乏事实和法律依据，请求驳回原告的全部诉讼请求。`;
    const docs: DemoCaseLine['documents'] = [
      {
        title: '民事起诉状',
        kind: '起诉状',
        date: filing,
        text: `${head.join('\n')}\n${claimText}\n此致\n${court}\n具状人：${plaintiffName}\n${chineseDate(filing)}`,
      },
      { title: '证据目录', kind: '证据', date: addDays(filing, r.int(5, 30)) },
    ];
    let text = '';
    let summary: string;
    if (status === '审理中') {
      summary = `${plaintiffName}诉${defendant}${cause}，涉案专利“${title}”（${number}），原告请求停止侵权并赔偿${wan(claim)}，案件正在审理中。`;
    } else if (status === '已撤诉') {
      summary = `${plaintiffName}诉${defendant}${cause}，原告于诉讼中申请撤诉，本院裁定准许。`;
      text = [
        ...head,
        `原告${plaintiffName}与被告${defendant}${cause}一案，本院于${filing}立案。原告${plaintiffName}于${judged}向本院提出撤诉申请。`,
        `本院认为，原告${plaintiffName}的撤诉申请符合法律规定，应予准许。依照《中华人民共和国民事诉讼法》第一百四十八条第一款、第一百五十七条第一款第五项规定，裁定如下：`,
        `准许原告${plaintiffName}撤回起诉。`,
        `案件受理费${Math.round(claim * 0.0125)}元，减半收取${Math.round(claim * 0.00625)}元，由原告${plaintiffName}负担。`,
        ...this.judges(judged!),
      ].join('\n');
    } else if (status === '已调解') {
      summary = `${plaintiffName}诉${defendant}${cause}，经法院主持调解，双方达成协议，被告停止侵权并支付${wan(award)}。`;
      text = [
        ...head,
        `原告${plaintiffName}与被告${defendant}${cause}一案，本院于${filing}立案后，依法适用普通程序进行审理。`,
        claimText,
        `本案审理过程中，经本院主持调解，双方当事人自愿达成如下协议：`,
        `一、被告${defendant}停止制造、销售侵害原告“${title}”${type}专利权的产品，并销毁库存侵权产品；`,
        `二、被告${defendant}于本调解书签收之日起十五日内向原告${plaintiffName}支付赔偿款及合理开支共计${wan(award)}；`,
        `三、双方就本案再无其他争议。`,
        `案件受理费减半收取${Math.round(claim * 0.00625)}元，由被告${defendant}负担。`,
        `上述协议，不违反法律规定，本院予以确认。本调解书经双方当事人签收后，即具有法律效力。`,
        ...this.judges(judged!),
      ].join('\n');
    } else {
      summary = won
        ? `${plaintiffName}诉${defendant}${cause}，法院认定被诉侵权产品落入涉案专利“${title}”的保护范围，判令被告停止侵权并赔偿${wan(award)}。`
        : `${plaintiffName}诉${defendant}${cause}，法院认定被诉侵权产品未落入涉案专利保护范围，驳回原告全部诉讼请求。`;
      text = [
        ...head,
        `原告${plaintiffName}与被告${defendant}${cause}一案，本院于${filing}立案后，依法适用普通程序，公开开庭进行了审理。原、被告的委托诉讼代理人到庭参加诉讼。本案现已审理终结。`,
        claimText,
        defence,
        `本院经审理认定事实如下：原告是专利号为${number}、名称为“${title}”的${type}专利的专利权人，该专利年费已按期缴纳，目前合法有效。原告经公证购买取得被诉侵权产品，当庭拆封比对。`,
        won
          ? `本院认为，经比对，${design ? '被诉侵权产品与涉案外观设计在整体视觉效果上无实质性差异，构成近似' : '被诉侵权产品具备涉案专利权利要求1的全部技术特征'}，落入涉案专利权的保护范围。被告关于现有技术抗辩的主张，证据不足，本院不予支持。被告未经专利权人许可，为生产经营目的制造、销售、许诺销售被诉侵权产品，侵害了原告的专利权，应当承担停止侵害、赔偿损失的民事责任。鉴于原告因被侵权所受到的实际损失、被告因侵权所获得的利益均难以确定，本院综合考虑涉案专利的类型、侵权行为的性质和情节、原告为制止侵权支出的合理费用等因素，酌情确定赔偿数额。依照《中华人民共和国专利法》第十一条第一款、第六十四条第一款、第七十一条第一款、第二款规定，判决如下：`
          : `本院认为，经比对，${design ? '被诉侵权产品与涉案外观设计在整体视觉效果上存在实质性差异，不构成近似' : '被诉侵权产品缺少涉案专利权利要求1的至少一项技术特征，亦不构成等同特征'}，未落入涉案专利权的保护范围。原告的诉讼请求缺乏事实依据，本院不予支持。依照《中华人民共和国专利法》第六十四条第一款规定，判决如下：`,
        ...(won
          ? [
              `一、被告${defendant}于本判决生效之日起立即停止制造、销售、许诺销售侵害原告${plaintiffName}“${title}”${type}专利权的产品；`,
              `二、被告${defendant}于本判决生效之日起十日内赔偿原告${plaintiffName}经济损失及合理开支共计${wan(award)}；`,
              `三、驳回原告${plaintiffName}的其他诉讼请求。`,
              `如果未按本判决指定的期间履行给付金钱义务，应当依照《中华人民共和国民事诉讼法》第二百六十四条规定，加倍支付迟延履行期间的债务利息。`,
            ]
          : [`驳回原告${plaintiffName}的全部诉讼请求。`]),
        `案件受理费${Math.round(claim * 0.0125)}元，由${won ? `被告${defendant}` : `原告${plaintiffName}`}负担。`,
        `如不服本判决，可以在判决书送达之日起十五日内，向本院递交上诉状，并按对方当事人的人数提出副本，上诉于${design ? highCourt : '最高人民法院'}。`,
        ...this.judges(judged!),
      ].join('\n');
    }
    const documentTitle = status === '已调解' ? '民事调解书' : status === '已撤诉' ? '民事裁定书' : '民事判决书';
    if (judged) docs.push({ title: documentTitle, kind: documentTitle.slice(2), date: judged });
    const first: DemoCaseLine = {
      case_no: this.caseNo(Number(filing.slice(0, 4)), code, '民初'),
      court,
      cause,
      trial_level: '一审',
      status,
      filing_date: filing,
      ...(judged ? { judgment_date: judged } : {}),
      parties: [
        { role: '原告', name: plaintiffName },
        { role: '被告', name: defendant },
      ],
      patents: number ? [number] : [],
      summary,
      ...(text ? { judgment_text: text } : {}),
      documents: docs,
    };
    out.push(first);

    // The loser appeals now and then: a second-instance case at 最高人民法院 (designs: the provincial high court).
    if (status === '已判决' && judged && r.chance(0.35)) {
      const appealFiling = addDays(judged, r.int(30, 75));
      if (appealFiling > DEMO_DATA_DATE) return;
      const [appellant, appellee] = won ? [defendant, plaintiffName] : [plaintiffName, defendant];
      const appealCourt = design ? highCourt : '最高人民法院';
      let appealJudged: string | undefined = addDays(appealFiling, r.int(120, 360));
      const pending = appealJudged > DEMO_DATA_DATE;
      if (pending) appealJudged = undefined;
      const appealNo = this.caseNo(Number(appealFiling.slice(0, 4)), design ? code.slice(0, 1) : '最高法知', '民终');
      out.push({
        case_no: appealNo,
        court: appealCourt,
        cause,
        trial_level: '二审',
        status: pending ? '审理中' : '已判决',
        filing_date: appealFiling,
        ...(appealJudged ? { judgment_date: appealJudged } : {}),
        parties: [
          { role: '上诉人', name: appellant },
          { role: '被上诉人', name: appellee },
        ],
        patents: number ? [number] : [],
        summary: pending
          ? `${appellant}不服${court}${first.case_no}民事判决，提起上诉，案件正在审理中。`
          : `${appellant}不服${court}${first.case_no}民事判决提起上诉，二审驳回上诉，维持原判。`,
        ...(appealJudged
          ? {
              judgment_text: [
                `上诉人（原审${won ? '被告' : '原告'}）：${appellant}。`,
                this.counsel(),
                `被上诉人（原审${won ? '原告' : '被告'}）：${appellee}。`,
                this.counsel(),
                `上诉人${appellant}因与被上诉人${appellee}${cause}一案，不服${court}${first.case_no}民事判决，向本院提起上诉。本院于${appealFiling}立案后，依法组成合议庭，公开开庭进行了审理。本案现已审理终结。`,
                `${appellant}上诉请求：撤销一审判决，依法改判。事实和理由：一审判决认定事实不清，适用法律错误。`,
                `${appellee}辩称：一审判决认定事实清楚，适用法律正确，请求驳回上诉，维持原判。`,
                `本院认为，本案二审争议焦点为被诉侵权产品是否落入涉案专利（专利号：${number}）权利要求1的保护范围，以及一审判决确定的赔偿数额是否适当。经审查，一审判决认定事实清楚，适用法律正确，上诉人的上诉理由不能成立，本院不予支持。依照《中华人民共和国民事诉讼法》第一百七十七条第一款第一项规定，判决如下：`,
                `驳回上诉，维持原判。`,
                `二审案件受理费${Math.round(claim * 0.0125)}元，由上诉人${appellant}负担。`,
                `本判决为终审判决。`,
                ...this.judges(appealJudged),
              ].join('\n'),
            }
          : {}),
        documents: [
          { title: '民事上诉状', kind: '上诉状', date: addDays(appealFiling, -r.int(5, 20)) },
          ...(appealJudged ? [{ title: '民事判决书', kind: '判决书', date: appealJudged }] : []),
        ],
      });
    }
  }

  /** An invalidation appeal: the petitioner against 国家知识产权局, the patentee as third party. */
  private invalidation(petitioner: string, patentee: string, patent: PoolPatent | null, out: DemoCaseLine[]): void {
    const r = this.r;
    const filing = this.filingDate(patent?.gd);
    const decisionNo = r.int(40000, 69999);
    let judged: string | undefined = addDays(filing, r.int(150, 450));
    if (judged > DEMO_DATA_DATE) judged = undefined;
    const title = patent?.title ?? '一种连接结构';
    const number = patent ? patentNo(patent) : '';
    out.push({
      case_no: this.caseNo(Number(filing.slice(0, 4)), '京73', '行初'),
      court: '北京知识产权法院',
      cause: '专利权无效宣告请求行政纠纷',
      trial_level: '一审',
      status: judged ? '已判决' : '审理中',
      filing_date: filing,
      ...(judged ? { judgment_date: judged } : {}),
      parties: [
        { role: '原告', name: petitioner },
        { role: '被告', name: '国家知识产权局' },
        { role: '第三人', name: patentee },
      ],
      patents: number ? [number] : [],
      summary: `${petitioner}不服国家知识产权局第${decisionNo}号无效宣告请求审查决定（维持“${title}”专利权有效），提起行政诉讼${judged ? '，法院判决驳回原告诉讼请求' : '，案件正在审理中'}。`,
      ...(judged
        ? {
            judgment_text: [
              `原告：${petitioner}。`,
              this.counsel(),
              `被告：国家知识产权局，住所地北京市海淀区蓟门桥西土城路6号。`,
              `第三人：${patentee}。`,
              `原告${petitioner}不服被告国家知识产权局作出的第${decisionNo}号无效宣告请求审查决定（简称被诉决定），于法定期限内向本院提起行政诉讼。本院于${filing}立案后，依法组成合议庭，通知${patentee}作为第三人参加诉讼，公开开庭进行了审理。`,
              `被诉决定认定：涉案专利（专利号：${number}，名称为“${title}”）权利要求1—3相对于证据1与公知常识的结合具备创造性，维持涉案专利权有效。`,
              `本院认为，本案的争议焦点为涉案专利权利要求1是否具备专利法第二十二条第三款规定的创造性。证据1未公开权利要求1的区别技术特征，该区别技术特征也不属于本领域的公知常识，被诉决定的认定正确。依照《中华人民共和国行政诉讼法》第六十九条规定，判决如下：`,
              `驳回原告${petitioner}的诉讼请求。`,
              `案件受理费人民币一百元，由原告${petitioner}负担。`,
              `如不服本判决，各方当事人可于本判决书送达之日起十五日内，向本院递交上诉状，并按对方当事人的人数提交副本，上诉于最高人民法院。`,
              ...this.judges(judged),
            ].join('\n'),
          }
        : {}),
      documents: [
        { title: '行政起诉状', kind: '起诉状', date: filing },
        { title: `第${decisionNo}号无效宣告请求审查决定书`, kind: '决定书', date: addDays(filing, -r.int(30, 80)) },
        ...(judged ? [{ title: '行政判决书', kind: '判决书', date: judged }] : []),
      ],
    });
  }

  /** An ownership or licence dispute between two parties over a patent. */
  private contract(plaintiff: string, defendant: string, patent: PoolPatent | null, out: DemoCaseLine[]): void {
    const r = this.r;
    const [court, code] = r.pick(COURTS);
    const filing = this.filingDate();
    const cause = r.pick(['专利权权属纠纷', '专利实施许可合同纠纷', '专利申请权权属纠纷', '专利权转让合同纠纷']);
    let judged: string | undefined = addDays(filing, r.int(100, 380));
    let status = r.pick(['已判决', '已调解'] as const) as string;
    if (judged > DEMO_DATA_DATE) {
      judged = undefined;
      status = '审理中';
    }
    const title = patent?.title ?? '一种连接结构';
    const number = patent ? patentNo(patent) : '';
    const fee = r.int(5, 120) * 10_000;
    const subject = cause.includes('合同')
      ? `双方签订的关于“${title}”专利的合同，被告未按约支付使用费${fee / 10_000}万元`
      : `“${title}”专利系原告员工在职期间完成的职务发明创造，应归原告所有`;
    out.push({
      case_no: this.caseNo(Number(filing.slice(0, 4)), code, '民初'),
      court,
      cause,
      trial_level: '一审',
      status,
      filing_date: filing,
      ...(judged ? { judgment_date: judged } : {}),
      parties: [
        { role: '原告', name: plaintiff },
        { role: '被告', name: defendant },
      ],
      patents: number ? [number] : [],
      summary: `${plaintiff}诉${defendant}${cause}：原告主张${subject}。${status === '审理中' ? '案件正在审理中。' : status === '已调解' ? '经调解结案。' : '法院支持了原告的主要诉讼请求。'}`,
      ...(judged
        ? {
            judgment_text: [
              `原告：${plaintiff}。`,
              this.counsel(),
              `被告：${defendant}。`,
              this.counsel(),
              `原告${plaintiff}与被告${defendant}${cause}一案，本院于${filing}立案后，依法适用普通程序进行了审理。`,
              `原告${plaintiff}诉称：${subject}，请求依法判决。`,
              `被告${defendant}辩称：原告的主张缺乏事实依据，请求驳回。`,
              status === '已调解'
                ? `本案审理过程中，经本院主持调解，双方当事人自愿达成如下协议：被告${defendant}于十五日内向原告支付${fee / 10_000}万元，双方就涉案专利（专利号：${number}）再无其他争议。上述协议不违反法律规定，本院予以确认。`
                : `本院认为，根据查明的事实，原告的主张有合同、工作记录和研发资料佐证，本院予以支持。依照《中华人民共和国民法典》第五百零九条、《中华人民共和国专利法》第六条规定，判决如下：\n一、${cause.includes('合同') ? `被告${defendant}于本判决生效之日起十日内向原告${plaintiff}支付专利使用费${fee / 10_000}万元` : `专利号为${number}的“${title}”专利权归原告${plaintiff}所有`}；\n二、驳回原告${plaintiff}的其他诉讼请求。`,
              `案件受理费${r.int(800, 9000)}元，由被告${defendant}负担。`,
              ...this.judges(judged),
            ].join('\n'),
          }
        : {}),
      documents: [
        { title: '民事起诉状', kind: '起诉状', date: filing },
        ...(judged
          ? [
              {
                title: status === '已调解' ? '民事调解书' : '民事判决书',
                kind: status === '已调解' ? '调解书' : '判决书',
                date: judged,
              },
            ]
          : []),
      ],
    });
  }

  /** An application for retrial of a second-instance judgment (rarely granted). */
  private retrial(applicant: string, respondent: string, patent: PoolPatent | null, out: DemoCaseLine[]): void {
    const r = this.r;
    const filing = this.filingDate(patent?.gd);
    let judged: string | undefined = addDays(filing, r.int(60, 240));
    if (judged > DEMO_DATA_DATE) judged = undefined;
    const number = patent ? patentNo(patent) : '';
    const cause = causeOf(patent?.type ?? '发明');
    out.push({
      case_no: this.caseNo(Number(filing.slice(0, 4)), '最高法', '民申'),
      court: '最高人民法院',
      cause,
      trial_level: '再审',
      status: judged ? '已判决' : '审理中',
      filing_date: filing,
      ...(judged ? { judgment_date: judged } : {}),
      parties: [
        { role: '再审申请人', name: applicant },
        { role: '被申请人', name: respondent },
      ],
      patents: number ? [number] : [],
      summary: `${applicant}就与${respondent}${cause}一案申请再审${judged ? '，本院裁定驳回再审申请' : '，正在审查中'}。`,
      ...(judged
        ? {
            judgment_text: [
              `再审申请人（一审被告、二审上诉人）：${applicant}。`,
              `被申请人（一审原告、二审被上诉人）：${respondent}。`,
              `再审申请人${applicant}因与被申请人${respondent}${cause}一案，不服二审民事判决，向本院申请再审。本院依法组成合议庭进行了审查，现已审查终结。`,
              `本院经审查认为，二审判决关于被诉侵权产品落入涉案专利（专利号：${number}）保护范围的认定并无不当。${applicant}的再审申请不符合《中华人民共和国民事诉讼法》第二百一十一条规定的情形。依照《中华人民共和国民事诉讼法》第二百一十五条第二款规定，裁定如下：`,
              `驳回${applicant}的再审申请。`,
              ...this.judges(judged),
            ].join('\n'),
          }
        : {}),
      documents: [
        { title: '再审申请书', kind: '申请书', date: filing },
        ...(judged ? [{ title: '民事裁定书', kind: '裁定书', date: judged }] : []),
      ],
    });
  }

  /** `count` cases (second-instance appeals count as cases of their own). */
  generate(count: number): DemoCaseLine[] {
    const out: DemoCaseLine[] = [];
    const r = this.r;
    const demo = this.pool.companies.find((c) => c.name === DEMO_COMPANY);
    const others = this.pool.companies.filter((c) => c.name !== DEMO_COMPANY);
    let k = 0;
    while (out.length < count) {
      const i = k++;
      const company = others.length ? others[i % others.length].name : this.stranger();
      if (demo && i % 9 === 0) {
        // 示例科技有限公司 enforces its patents (once, in 2019, under its former name) …
        this.infringement(
          demo.name,
          this.stranger(),
          this.patentOf(demo.name, true),
          out,
          i === 0 ? demo.formerNames[0] : undefined,
        );
      } else if (demo && i % 9 === 4) {
        // … is sued over another company's patent …
        const owner = r.chance(0.5) ? company : this.stranger();
        this.infringement(owner, demo.name, this.patentOf(owner, true), out);
      } else if (demo && i % 27 === 7) {
        // … and defends its patents against invalidation as third party.
        this.invalidation(this.stranger(), demo.name, this.patentOf(demo.name, true), out);
      } else {
        const roll = r.next();
        if (roll < 0.62) this.infringement(company, this.stranger([company]), this.patentOf(company, true), out);
        else if (roll < 0.77) this.invalidation(this.stranger(), company, this.patentOf(company, true), out);
        else if (roll < 0.93) this.contract(company, this.stranger([company]), this.patentOf(company), out);
        else this.retrial(this.stranger(), company, this.patentOf(company, true), out);
      }
    }
    return out.slice(0, count);
  }
}

/** The demo companies and their stored patents, and other stored patents (the real records included). */
export async function loadDemoPool(db: Db): Promise<DemoPool> {
  const companies = await db.db.selectFrom('companies').select(['company_name', 'former_names']).orderBy('id').execute();
  type Row = {
    an: string | null;
    pn: string | null;
    title: string;
    type: string;
    ad: string | null;
    gd: string | null;
    first_applicant: string;
  };
  const pick = (rows: Row[]) =>
    rows.map((p) => ({ an: p.an, pn: p.pn, title: p.title, type: p.type, ad: p.ad, gd: p.gd, applicant: p.first_applicant }));
  const out: DemoPool = { companies: [], others: [] };
  for (const c of companies) {
    const names = [c.company_name, ...formerNamesOf(c.former_names)].flatMap(nameVariants);
    const rows = await db.db
      .selectFrom('patents as p')
      .select(['p.an', 'p.pn', 'p.title', 'p.type', 'p.ad', 'p.gd', 'p.first_applicant'])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('patent_applicants as pa')
            .select(sql<number>`1`.as('one'))
            .whereRef('pa.patent_id', '=', 'p.id')
            .where('pa.name', 'in', names),
        ),
      )
      .where('p.country', '=', 'CN')
      .orderBy('p.id')
      .limit(40)
      .execute();
    out.companies.push({ name: c.company_name, formerNames: formerNamesOf(c.former_names), patents: pick(rows) });
  }
  const others = await db.db
    .selectFrom('patents')
    .select(['an', 'pn', 'title', 'type', 'ad', 'gd', 'first_applicant'])
    .where('country', '=', 'CN')
    .where('type', '<>', '')
    .orderBy('id')
    .limit(300)
    .execute();
  out.others = pick(others);
  return out;
}

/** The demo cases of the stored patents, validated (a generator bug fails loudly, not as a silently missing case). */
export async function demoCases(
  db: Db,
  count: number,
  seed = DEFAULT_LITIGATION_SEED,
): Promise<{ lines: DemoCaseLine[]; records: CaseInput[] }> {
  const lines = new DemoLitigationGenerator(await loadDemoPool(db), seed).generate(count);
  const records = lines.map((line, i) => {
    const v = validateCase(line, i + 1, { demo: true });
    if (!v.ok) throw new Error(`演示诉讼案件第 ${i + 1} 条生成有误：${v.reason}`);
    return v.record;
  });
  return { lines, records };
}

/**
 * The fresh start's demo litigation (seedDemoData, after the demo patents): ~100 cases over the stored patents, and a
 * few cases the demo company follows without being a party, so /litigation shows both kinds. Skipped when cases exist.
 */
export async function seedDemoLitigation(deps: Deps, count = DEFAULT_LITIGATION_COUNT): Promise<number> {
  const { db } = deps;
  if (await db.db.selectFrom('litigation_cases').select('id').limit(1).executeTakeFirst()) return 0;
  const now = () => deps.clock().toISOString();
  const { records } = await demoCases(db, count);
  const c = await storeCases(db, records, { source: `demo:${DEFAULT_LITIGATION_SEED}`, now });
  const company = await db.db.selectFrom('companies').select('id').where('company_name', '=', DEMO_COMPANY).executeTakeFirst();
  const user = await db.db.selectFrom('users').select('id').where('mobile', '=', '13800000001').executeTakeFirst();
  if (company && user) {
    // Cases it is not a party to (under any of its names): those reach its list only by being followed.
    const keys = new Set(await companyNameKeys(db.db, Number(company.id)));
    const followable = records.filter((r) => !r.parties.some((p) => keys.has(p.name_key))).slice(0, 5);
    const ids = await db.db
      .selectFrom('litigation_cases')
      .select('id')
      .where(
        'case_no',
        'in',
        followable.map((r) => r.case_no),
      )
      .execute();
    for (const { id } of ids) await setFollow(db.db, Number(company.id), Number(user.id), Number(id), true, now());
  }
  deps.log.info(`已生成 ${c.inserted} 件演示诉讼案件`);
  return c.inserted;
}
