import type { Deps } from '../../deps';
import { writeTransaction } from '../write';

// Demo content of the public portal (issue 14, ADR 0045): three articles per public channel and two internal
// notices, written for this product (a fictional district, 示范区), so no portal page is empty on a fresh start.
// Deterministic: the same articles on every fresh start; publish times are whole days before the start, 09:30 Shanghai.

interface DemoArticle {
  title: string;
  summary: string;
  paragraphs: string[];
  source?: string;
  issuer?: string;
  effective?: string;
  pinned?: boolean;
}

const OFFICE = '示范区知识产权局';

export const PORTAL_DEMO: Record<string, DemoArticle[]> = {
  news: [
    {
      title: '示范区发明专利拥有量突破一万件',
      summary: '截至本季度末，示范区有效发明专利拥有量达到 10,236 件，每万人口高价值发明专利拥有量位居全市前列。',
      paragraphs: [
        '截至本季度末，示范区有效发明专利拥有量达到 10,236 件，同比增长 18.4%。其中，新一代信息技术、高端装备和生物医药三个产业的专利占比超过六成。',
        '区知识产权局表示，下一步将继续推进专利导航、高价值专利培育和知识产权运营，帮助更多企业把创新成果转化为市场竞争力。',
      ],
      pinned: true,
    },
    {
      title: '知识产权管理与专利检索平台正式上线试运行',
      summary: '平台整合专利检索、企业知识产权管理、费用提醒和政策服务，企业可免费注册试用。',
      paragraphs: [
        '平台面向区内企业提供专利检索分析、专利与证书台账、年费与期限提醒、监控预警等功能，并与企业服务中心的走访和需求办理打通。',
        '企业可通过首页“免费试用”注册账号，试用期内全部功能开放。使用中遇到问题，可拨打服务热线或在“咨询问答”栏目留言。',
      ],
    },
    {
      title: '全区知识产权工作会议召开，部署年度八项重点任务',
      summary: '会议总结上一年度工作成效，部署高价值专利培育、快速维权、金融服务等八项重点任务。',
      paragraphs: [
        '会议指出，过去一年全区知识产权创造、运用、保护、管理和服务水平全面提升，专利质押融资金额同比增长 35%。',
        '会议要求，各街道和部门要把知识产权工作融入营商环境建设，重点做好企业走访和需求闭环办理。',
      ],
    },
  ],
  activities: [
    {
      title: '“知识产权进园区”专题培训报名开始',
      summary: '面向园区企业知识产权专员，讲授专利挖掘、申请文件撰写要点和年费管理，名额 80 人。',
      paragraphs: [
        '培训时间为下月第二个周四 14:00–17:00，地点在示范区创新服务中心三楼报告厅。',
        '课程包括：技术交底书怎么写、从研发记录中挖掘专利、如何利用平台的年费提醒避免专利失效。请通过平台“立即咨询”报名。',
      ],
    },
    {
      title: '专利检索实务公益课（线上）第三期',
      summary: '讲解检索式构建、同族与法律状态查询，结合平台高级检索现场演示。',
      paragraphs: [
        '本期由区知识产权服务中心检索分析师主讲，适合研发人员和企业知识产权管理人员。',
        '课程将演示布尔检索、邻近检索和分类号检索的组合用法，并讲解如何导出检索结果做初步分析。',
      ],
    },
    {
      title: '第四届示范区高价值专利培育大赛启动',
      summary: '大赛设创新创业组和成长企业组，优胜项目可获得专利导航和运营服务支持。',
      paragraphs: ['参赛项目须拥有已授权或已公开的发明专利。报名截止后，将组织专家进行初评、路演复评和终评。'],
    },
  ],
  engineering: [
    {
      title: '示范区启动知识产权强企工程第二批企业遴选',
      summary: '入选企业将获得贯标辅导、专利布局分析和知识产权管理体系建设支持。',
      paragraphs: ['遴选面向区内规模以上工业企业和高新技术企业，重点支持研发投入强度高、专利质量好的企业。'],
    },
    {
      title: '专利导航项目助力新能源装备产业链补链',
      summary: '区知识产权局联合服务机构完成新能源装备产业专利导航，梳理出 12 个技术空白点。',
      paragraphs: ['导航报告分析了全球 3.2 万件相关专利，为招商引资和企业研发方向提供了参考。'],
    },
    {
      title: '企业知识产权管理规范贯标工作推进会召开',
      summary: '今年已有 46 家企业通过贯标认证，会议交流了体系运行中的典型问题。',
      paragraphs: ['会议建议企业把贯标与日常研发管理结合，避免“两张皮”，并利用平台台账功能记录体系运行证据。'],
    },
  ],
  protection: [
    {
      title: '示范区知识产权快速维权服务站揭牌',
      summary: '服务站提供侵权判定咨询、维权指导和纠纷调解，平均受理时间缩短至 3 个工作日。',
      paragraphs: ['企业发现侵权线索后，可携带专利证书和证据材料到服务站咨询，也可在平台提交咨询。'],
    },
    {
      title: '一起外观设计专利侵权纠纷经调解成功化解',
      summary: '双方在人民调解委员会主持下达成和解，侵权方停止销售并赔偿损失。',
      paragraphs: ['本案从受理到达成调解协议用时 21 天，为企业节省了诉讼成本。'],
    },
    {
      title: '知识产权保护典型案例发布',
      summary: '发布商标、专利、商业秘密等领域十个典型案例，为企业提供参考。',
      paragraphs: ['案例涵盖电商平台侵权、展会侵权、员工离职泄露技术秘密等常见情形，并附有企业防范建议。'],
    },
  ],
  manufacturing: [
    {
      title: '智能制造企业专利布局专题调研',
      summary: '调研走访 15 家智能制造企业，了解专利申请、运用和保护中的实际困难。',
      paragraphs: ['调研发现，企业普遍重视发明专利申请，但对海外布局和专利运营的投入仍然不足。'],
    },
    {
      title: '先进制造业集群知识产权联盟成立',
      summary: '联盟由 28 家骨干企业和 5 家服务机构发起，开展专利池建设和联合维权。',
      paragraphs: ['联盟将建立成员间专利交叉许可机制，并共同应对海外专利风险。'],
    },
    {
      title: '工业机器人关键零部件专利分析报告发布',
      summary: '报告分析减速器、伺服电机和控制器三类关键零部件的专利态势。',
      paragraphs: ['报告指出，国内企业在控制器领域的专利申请增长最快，但核心专利仍集中在少数外国企业。'],
    },
  ],
  honor: [
    {
      title: '区内 6 项专利获省专利奖',
      summary: '其中发明专利金奖 1 项、银奖 2 项，外观设计优秀奖 3 项。',
      paragraphs: ['获奖专利涉及高效电机、医用材料和智能家居等领域，已累计实现销售收入超过 20 亿元。'],
    },
    {
      title: '3 家企业入选国家知识产权示范企业',
      summary: '入选企业将在专利质押融资、快速预审等方面获得支持。',
      paragraphs: ['示范企业需在三年内保持知识产权管理体系有效运行，并发挥示范带动作用。'],
    },
    {
      title: '示范区获评省知识产权强县工程示范区',
      summary: '考核组对示范区知识产权管理体制、服务体系和保护成效给予肯定。',
      paragraphs: ['示范区将以此为契机，持续完善知识产权公共服务体系。'],
    },
  ],
  service_dynamic: [
    {
      title: '企业服务中心本月走访企业 126 家',
      summary: '走访中收集融资、人才、专利申请等各类需求 58 项，已办结 41 项。',
      paragraphs: ['未办结的需求均已分派到责任部门，并按照办理时限跟踪推进。'],
    },
    {
      title: '知识产权服务专员进驻街道便民服务中心',
      summary: '每周二、周四在各街道便民服务中心提供现场咨询。',
      paragraphs: ['服务内容包括专利申请指导、年费缴纳提醒和政策申报咨询。'],
    },
    {
      title: '服务中心上线专利年费代缴提醒服务',
      summary: '企业可在平台设置年费提醒，到期前按设定的提前天数收到通知。',
      paragraphs: ['提醒通过站内消息和短信发送，帮助企业避免因漏缴年费导致专利失效。'],
    },
  ],
  service_story: [
    {
      title: '一家初创企业的第一件发明专利',
      summary: '从技术交底到授权，服务中心陪伴一家初创企业走完专利申请全过程。',
      paragraphs: [
        '这家企业研发了一种新型节水灌溉控制器。服务专员帮助企业梳理技术方案，找出可以申请发明专利的创新点。',
        '专利授权后，企业凭借这件专利获得了首笔 300 万元的专利质押贷款。',
      ],
    },
    {
      title: '老厂房里的新专利：一家传统企业的转型',
      summary: '一家有三十年历史的铸造企业，通过专利导航找到了转型方向。',
      paragraphs: ['企业在导航报告指引下投入轻量化铸件研发，两年内申请发明专利 14 件。'],
    },
    {
      title: '维权有门：快速调解帮小微企业挽回损失',
      summary: '一家文创小微企业的外观设计被仿冒，通过快速维权服务 20 天内解决纠纷。',
      paragraphs: ['企业负责人说：“没想到维权这么快，也没花多少钱。”'],
    },
  ],
  service_intro: [
    {
      title: '示范区知识产权公共服务中心简介',
      summary: '中心提供专利检索分析、申请指导、维权援助、运营转化和政策咨询等一站式服务。',
      paragraphs: ['服务时间：工作日 9:00–17:30。地址：示范区创新大道 88 号创新服务中心一楼。'],
      pinned: true,
    },
    {
      title: '专利检索分析服务说明',
      summary: '为企业提供查新检索、侵权风险排查和技术领域专利态势分析。',
      paragraphs: ['企业可在平台自助检索，也可提交需求由服务中心检索分析师完成。'],
    },
    {
      title: '知识产权维权援助服务说明',
      summary: '提供侵权判定咨询、维权方案建议和纠纷调解服务。',
      paragraphs: ['援助服务免费，企业可通过平台咨询或到服务中心现场办理。'],
    },
  ],
  finance: [
    {
      title: '专利质押融资“入园惠企”行动成效明显',
      summary: '今年以来区内企业通过专利质押获得贷款 8.6 亿元，惠及企业 93 家。',
      paragraphs: ['合作银行针对科技型中小企业推出了纯知识产权质押产品，最快 7 个工作日放款。'],
    },
    {
      title: '知识产权保险试点扩大到 200 家企业',
      summary: '保险覆盖专利侵权损失和维权费用，保费由区财政补贴 50%。',
      paragraphs: ['企业可在平台“立即咨询”栏目提交投保意向，服务中心将协助对接保险机构。'],
    },
    {
      title: '知识产权证券化产品成功发行',
      summary: '产品以 12 家企业的专利许可收益为基础资产，发行规模 2 亿元。',
      paragraphs: ['这是示范区首单知识产权证券化产品，为轻资产科技企业拓宽了融资渠道。'],
    },
  ],
  enterprise: [
    {
      title: '企业风采：以专利护航的精密仪器企业',
      summary: '企业拥有有效发明专利 87 件，产品出口到 30 多个国家和地区。',
      paragraphs: ['企业每年将销售收入的 8% 投入研发，并建立了专门的知识产权部门。'],
    },
    {
      title: '企业风采：生物医药企业的创新之路',
      summary: '企业自主研发的一类新药进入临床三期，围绕核心化合物布局专利 40 余件。',
      paragraphs: ['企业在研发早期就开展专利检索和布局，为产品上市后的市场保护打下基础。'],
    },
    {
      title: '企业风采：小家电企业的设计创新',
      summary: '企业年申请外观设计专利 60 余件，多款产品获得设计奖项。',
      paragraphs: ['企业把外观设计专利作为应对仿冒的主要手段，并积极利用快速维权渠道。'],
    },
  ],
  leader: [
    {
      title: '领军企业：新能源电池龙头的专利战略',
      summary: '企业全球专利申请超过 3,000 件，在固态电池领域形成完整专利组合。',
      paragraphs: ['企业建立了覆盖研发、生产、市场全流程的知识产权管理体系。'],
      pinned: true,
    },
    {
      title: '领军企业：工业软件企业的国产化突破',
      summary: '企业软件著作权 260 项、发明专利 110 件，产品服务上千家制造企业。',
      paragraphs: ['企业坚持核心技术自主研发，知识产权成为其参与市场竞争的重要支撑。'],
    },
    {
      title: '领军企业：医疗器械企业的海外布局',
      summary: '企业在美国、欧洲、日本获得专利授权 150 余件，海外销售占比超过四成。',
      paragraphs: ['企业在进入新市场前都会开展专利自由实施分析，有效规避了海外诉讼风险。'],
    },
  ],
  overseas_warning: [
    {
      title: '海外预警：某国对锂电池产品发起 337 调查',
      summary: '调查涉及多家中国企业，相关出口企业应尽快评估专利风险。',
      paragraphs: ['建议相关企业梳理产品技术方案，开展侵权风险排查，必要时联系海外维权援助服务。'],
    },
    {
      title: '海外预警：欧洲统一专利法院运行情况提示',
      summary: '统一专利法院判决在多个国家同时生效，企业出口欧洲需关注新的诉讼风险。',
      paragraphs: ['企业可考虑在欧洲布局统一效力专利，同时做好应诉准备。'],
    },
    {
      title: '海外预警：展会知识产权风险防范指引',
      summary: '参加境外展会前应检索展品相关专利，并准备好权属证明材料。',
      paragraphs: ['近年来多家企业在境外展会遭遇临时禁令，提前准备可以有效降低损失。'],
    },
  ],
  overseas_assistance: [
    {
      title: '海外知识产权纠纷应对指导服务介绍',
      summary: '为遭遇海外知识产权纠纷的企业提供应诉指导、律师对接和费用资助。',
      paragraphs: ['企业可通过平台咨询或电话联系海外维权援助工作站。'],
    },
    {
      title: '援助案例：一家企业成功应对美国专利诉讼',
      summary: '在援助工作站指导下，企业通过无效宣告和不侵权抗辩赢得诉讼。',
      paragraphs: ['案件历时 14 个月，企业获得了海外维权费用资助 50 万元。'],
    },
    {
      title: '海外维权费用资助申报指南',
      summary: '资助范围包括律师费、诉讼费和专利无效费用，单个项目最高 100 万元。',
      paragraphs: ['申报材料包括案件基本情况、费用凭证和维权结果说明。'],
    },
  ],
  overseas_association: [
    {
      title: '示范区企业海外知识产权保护协会简介',
      summary: '协会由 60 余家出口企业组成，开展信息共享、联合应诉和培训交流。',
      paragraphs: ['协会秘书处设在区知识产权公共服务中心。'],
    },
    {
      title: '协会举办海外专利布局经验交流会',
      summary: '五家会员企业分享了在欧美日韩布局专利的做法与教训。',
      paragraphs: ['与会企业一致认为，海外布局应与市场开拓计划同步推进。'],
    },
    {
      title: '协会发布会员企业海外风险信息通报',
      summary: '通报近期涉及会员企业产品领域的海外诉讼和专利申请动态。',
      paragraphs: ['通报每季度发布一次，会员企业可在平台查阅。'],
    },
  ],
  policy: [
    {
      title: '示范区知识产权专项资金管理办法',
      summary: '明确专项资金的支持范围、标准和申报程序，包括专利资助、贯标奖励和质押融资贴息。',
      paragraphs: [
        '第一条 为规范知识产权专项资金管理，提高资金使用效益，制定本办法。',
        '第二条 专项资金用于支持知识产权创造、运用、保护、管理和服务。',
        '第三条 本办法自印发之日起施行，有效期五年。',
      ],
      issuer: OFFICE,
      effective: '2026-01-01',
      pinned: true,
    },
    {
      title: '关于加强知识产权保护的若干措施',
      summary: '提出快速维权、行政执法与司法衔接、信用监管等十二条措施。',
      paragraphs: ['各部门应建立知识产权保护协作机制，对重复侵权、恶意侵权行为依法从严处理。'],
      issuer: '示范区管理委员会',
      effective: '2025-09-01',
    },
    {
      title: '专利质押融资贴息实施细则',
      summary: '对企业以专利质押获得的贷款，按实际支付利息的 50% 给予贴息。',
      paragraphs: ['单个企业年度贴息总额不超过 50 万元。申报时间为每年 3 月和 9 月。'],
      issuer: OFFICE,
      effective: '2026-03-01',
    },
  ],
  policy_reading: [
    {
      title: '一图读懂：知识产权专项资金管理办法',
      summary: '用图解的方式说明资助项目、标准和申报流程。',
      paragraphs: ['本次修订提高了高价值发明专利的资助标准，新增了海外维权费用资助。'],
    },
    {
      title: '政策解读：专利质押融资贴息怎么申请',
      summary: '解答贴息对象、比例、申报材料和办理时限等常见问题。',
      paragraphs: ['问：已还清的贷款能否申请贴息？答：在申报期内结清且利息已支付的贷款可以申请。'],
    },
    {
      title: '政策解读：加强知识产权保护若干措施',
      summary: '相关负责人就措施出台背景、主要内容和企业关心的问题答记者问。',
      paragraphs: ['措施重点解决维权周期长、举证难、赔偿低等问题。'],
    },
  ],
  patent_award: [
    {
      title: '关于组织申报年度专利奖的通知',
      summary: '申报对象为已授权发明、实用新型和外观设计专利，申报截止日期为下月底。',
      paragraphs: ['申报材料通过平台提交，区知识产权局将组织初审后向上级推荐。'],
      pinned: true,
    },
    {
      title: '专利奖申报常见问题解答',
      summary: '解答专利权人资格、实施效益证明和推荐程序等问题。',
      paragraphs: ['共有专利需经全体专利权人同意后方可申报。'],
    },
    {
      title: '往届专利奖获奖项目风采展示',
      summary: '介绍近三年区内获奖专利的技术特点和实施效益。',
      paragraphs: ['获奖项目覆盖电子信息、装备制造、生物医药和新材料四大领域。'],
    },
  ],
  notice: [
    {
      title: '关于做好年度知识产权统计工作的通知',
      summary: '请各科室于本月底前报送本年度知识产权工作数据。',
      paragraphs: ['统计口径以平台数据为准，如有差异请附说明。'],
    },
    {
      title: '关于平台内容发布审核流程的通知',
      summary: '门户文章发布前须经科室负责人审核，政策类文章须经分管领导审核。',
      paragraphs: ['发布人应在预览确认无误后再点击发布。'],
    },
  ],
};

const SOURCES: Record<string, string> = { activities: '区知识产权服务中心', enterprise: '企业服务中心', leader: '企业服务中心' };

/** The publish time of the i-th demo article: i days before today, 09:30 Asia/Shanghai (01:30 UTC). */
function publishAt(now: Date, daysBack: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysBack, 1, 30));
  return (d.getTime() > now.getTime() ? new Date(d.getTime() - 86400_000) : d).toISOString();
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function seedPortalDemo(deps: Deps): Promise<void> {
  const { db } = deps.db;
  const admin = await db.selectFrom('users').select('id').where('is_admin', '=', 1).orderBy('id').executeTakeFirst();
  const adminId = admin ? Number(admin.id) : 0;
  const now = deps.clock();
  const iso = now.toISOString();
  await writeTransaction(deps.db, { what: 'seed portal demo' }, async (trx) => {
    let n = 0;
    for (const [channel, list] of Object.entries(PORTAL_DEMO)) {
      for (const [i, a] of list.entries()) {
        n++;
        const body = a.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
        await trx
          .insertInto('articles')
          .values({
            channel,
            title: a.title,
            summary: a.summary,
            source: a.source ?? SOURCES[channel] ?? OFFICE,
            author: '',
            body,
            issuer: a.issuer ?? '',
            effective_date: a.effective ?? '',
            pinned: a.pinned ? 1 : 0,
            status: 'published',
            publish_at: publishAt(now, i * 7 + (n % 5)),
            created_by: adminId,
            created_at: iso,
            updated_at: iso,
          })
          .execute();
      }
    }
    const footer = await trx.selectFrom('portal_settings').select('key').where('key', '=', 'footer').executeTakeFirst();
    if (footer) return;
    await trx
      .insertInto('portal_settings')
      .values({
        key: 'footer',
        value: JSON.stringify({
          links: [
            { title: '国家知识产权局', link: 'https://www.cnipa.gov.cn' },
            { title: '中国商标网', link: 'https://sbj.cnipa.gov.cn' },
            { title: '专利检索', link: '/web/search' },
            { title: '政策法规', link: '/web/policies' },
          ],
          text: '主办：示范区知识产权局　地址：示范区创新大道 88 号　服务热线：0000-12345678',
        }),
        updated_at: iso,
      })
      .execute();
  });
}
