// Demo data of business consulting (issue 14, ADR 0046): questions of 示例科技有限公司 in every state (待回复,
// 已回复, 已关闭), two of them published as portal Q&As, so /consulting, /UserConsulting and /web/askAbout have
// content on a fresh start. Deterministic: the same texts, hours before the seed time; written once (skipped when the
// company already has questions). Also one past push of the administrator to every company (/system 消息推送).
import type { Deps } from '../../deps';
import { deliverToUser } from '../../modules/messages/deliver';

interface DemoQuestion {
  category: string;
  title: string;
  content: string;
  hoursAgo: number;
  status: 'open' | 'replied' | 'closed';
  public?: boolean;
  thread: { author: 'admin' | 'company'; content: string; hoursAgo: number }[];
}

const QUESTIONS: DemoQuestion[] = [
  {
    category: 'patent',
    title: '小微企业发明专利年费可以减缴吗？',
    content: '我司为科技型小微企业，名下有 6 件发明专利，想了解年费减缴的条件、比例和需要准备的材料。',
    hoursAgo: 240,
    status: 'closed',
    public: true,
    thread: [
      {
        author: 'admin',
        content:
          '可以。符合条件的小微企业可办理专利费用减缴备案，年费（授权当年起六年内）按规定比例减缴。请在专利业务办理系统提交费减备案，材料包括上年度企业所得税年度纳税申报表复印件等。备案通过后缴费时自动按减缴后金额计算。',
        hoursAgo: 220,
      },
      { author: 'company', content: '备案一次后每年都有效吗？', hoursAgo: 200 },
      { author: 'admin', content: '费减备案按年度有效，每年需重新确认上一年度的经营情况。', hoursAgo: 190 },
    ],
  },
  {
    category: 'protection',
    title: '发现他人仿冒我司外观设计产品，应如何维权？',
    content: '电商平台上出现与我司外观设计专利几乎相同的产品，请问可以走哪些途径，需要准备什么证据？',
    hoursAgo: 120,
    status: 'replied',
    public: true,
    thread: [
      {
        author: 'admin',
        content:
          '建议先做好证据保全（公证购买、网页取证），再视情况选择：向电商平台发起知识产权投诉、向区市场监督管理局申请行政裁决、或向法院提起诉讼。服务中心可协助出具专利权评价报告并对接维权援助律师。',
        hoursAgo: 100,
      },
    ],
  },
  {
    category: 'policy',
    title: '2026 年知识产权示范企业申报什么时候开始？',
    content: '想了解今年示范企业、优势企业的申报时间和条件，是否有区级配套奖励？',
    hoursAgo: 60,
    status: 'replied',
    thread: [
      {
        author: 'admin',
        content:
          '今年申报通知预计于 4 月发布，届时将在门户「政策法规」栏目公布。区级配套奖励以当年政策为准，我们会通过消息中心提醒。',
        hoursAgo: 40,
      },
    ],
  },
  {
    category: 'trademark',
    title: '商标到期前多久可以办理续展？',
    content: '我司一件注册商标今年 10 月到期，请问现在能否提交续展申请？',
    hoursAgo: 20,
    status: 'open',
    thread: [],
  },
  {
    category: 'finance',
    title: '专利质押融资需要什么条件？',
    content: '我司计划以 3 件发明专利申请质押贷款，想了解评估、贴息政策和合作银行。',
    hoursAgo: 5,
    status: 'open',
    thread: [],
  },
];

export async function seedDemoConsulting(deps: Deps): Promise<void> {
  const { db } = deps.db;
  const user = await db.selectFrom('users').select(['id', 'company_id']).where('mobile', '=', '13800000001').executeTakeFirst();
  const admin = await db.selectFrom('users').select('id').where('mobile', '=', '13800000000').executeTakeFirst();
  if (!user || !user.company_id || !admin) return;
  await seedDemoPush(deps, admin.id);
  const already = await db
    .selectFrom('consult_questions')
    .select('id')
    .where('company_id', '=', user.company_id)
    .executeTakeFirst();
  if (already) return;
  const now = deps.clock().getTime();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000).toISOString();
  for (const q of QUESTIONS) {
    const lastAdmin = [...q.thread].reverse().find((m) => m.author === 'admin');
    const r = await db
      .insertInto('consult_questions')
      .values({
        company_id: user.company_id,
        user_id: user.id,
        category: q.category,
        title: q.title,
        content: q.content,
        file_ids: '[]',
        status: q.status,
        public: q.public ? 1 : 0,
        replies: q.thread.length,
        created_at: at(q.hoursAgo),
        updated_at: at(q.thread.length ? q.thread[q.thread.length - 1].hoursAgo : q.hoursAgo),
        last_reply_at: lastAdmin ? at(lastAdmin.hoursAgo) : null,
        closed_at: q.status === 'closed' ? at(q.hoursAgo - 60) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const m of q.thread) {
      await db
        .insertInto('consult_replies')
        .values({
          question_id: Number(r.id),
          author: m.author,
          author_id: m.author === 'admin' ? admin.id : user.id,
          content: m.content,
          file_ids: '[]',
          created_at: at(m.hoursAgo),
        })
        .execute();
    }
  }
}

/** One past push to all companies, 30 hours before the seed time, delivered to every enabled company user. */
async function seedDemoPush(deps: Deps, adminId: number): Promise<void> {
  const { db } = deps.db;
  if (await db.selectFrom('pushes').select('id').executeTakeFirst()) return;
  const at = new Date(deps.clock().getTime() - 30 * 3_600_000).toISOString();
  const title = '关于开展 2026 年度知识产权贯标培训的通知';
  const body =
    '区知识产权服务中心将于下月举办《企业知识产权管理规范》贯标培训，欢迎各企业知识产权负责人报名参加，报名请在「业务咨询」中留言。';
  const r = await db
    .insertInto('pushes')
    .values({
      title,
      body,
      link: '/UserConsulting',
      target: 'all',
      target_value: 'null',
      sms: 0,
      created_by: adminId,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(r.id);
  const users = await db
    .selectFrom('users')
    .select(['id', 'company_id'])
    .where('company_id', '>', 0)
    .where('status', '=', 1)
    .orderBy('id')
    .execute();
  const companies = new Set<number>();
  for (const u of users) {
    await deliverToUser({ db: deps.db, clock: () => new Date(at) }, u.id, u.company_id, {
      kind: 'push',
      title,
      body,
      link: '/UserConsulting',
      objectType: 'push',
      objectId: id,
      key: `push:${id}`,
    });
    companies.add(u.company_id);
  }
  await db.updateTable('pushes').set({ companies: companies.size, users: users.length }).where('id', '=', id).execute();
}
