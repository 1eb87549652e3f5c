// Demo messages of 示例科技有限公司 (ADR 0028): a few messages of different kinds for every enabled user of the demo
// company (13800000001 and its sub-account), so /center and the bell have content on a fresh start before the warning
// scans (fees, certificates, monitoring) deliver their own. Deterministic: the same messages, hours before the seed
// time; the two oldest are read, one is handled. Delivery keys start with `demo:` so a second run adds nothing.
import type { Deps } from '../deps';
import { deliverToUser, type NewMessage } from '../modules/messages/deliver';

interface DemoMessage extends NewMessage {
  /** Hours before the seed time. */
  hoursAgo: number;
  read?: boolean;
  handled?: boolean;
}

export async function seedDemoMessages(deps: Deps): Promise<void> {
  const { db } = deps.db;
  const owner = await db.selectFrom('users').select(['company_id']).where('mobile', '=', '13800000001').executeTakeFirst();
  if (!owner || !owner.company_id) return;
  const companyId = owner.company_id;
  const patent = await db
    .selectFrom('company_patents as cp')
    .innerJoin('patents as p', 'p.id', 'cp.patent_id')
    .select(['p.id', 'p.title'])
    .where('cp.company_id', '=', companyId)
    .where('cp.removed', '=', 0)
    .orderBy('p.id', 'asc')
    .executeTakeFirst();
  const patentTitle = patent ? `「${patent.title}」` : '贵司一件专利';

  const messages: DemoMessage[] = [
    {
      kind: 'system',
      key: 'demo:welcome',
      title: '欢迎使用知识产权管理平台',
      body: '消息中心汇集年费预警、证书到期提醒、专利监控命中、认证审核结果和专利月报。点击消息可查看详情并跳转到相关页面；顶栏铃铛显示未读数。',
      link: '/home',
      hoursAgo: 72,
      read: true,
    },
    {
      kind: 'approval',
      key: 'demo:approval',
      title: '企业认证已通过',
      body: '您的企业认证申请已通过审核，账号已关联企业「示例科技有限公司」，现可使用企业知识产权管理的全部功能。',
      link: '/home',
      objectType: 'verification',
      hoursAgo: 48,
      read: true,
    },
    {
      kind: 'report',
      key: 'demo:report',
      title: '专利月报已生成',
      body: '上月专利月报已生成：新申请、公开、授权、失效与到期，已缴与下月应缴年费，监控命中情况。可在专利月报页面查看并下载 PDF。',
      link: '/report',
      hoursAgo: 30,
    },
    {
      kind: 'certificate',
      key: 'demo:certificate',
      title: '证书即将到期：高新技术企业证书',
      body: '贵司的高新技术企业证书将于 90 天内到期，请及时准备重新认定材料。',
      link: '/certificateExpire',
      hoursAgo: 20,
      handled: true,
    },
    {
      kind: 'monitor',
      key: 'demo:monitor',
      title: '监控预警：竞争对手新公开 2 件专利',
      body: '您设置的竞争对手监控规则发现 2 件新公开的专利申请，请查看监控预警。',
      link: '/early',
      hoursAgo: 6,
    },
    {
      kind: 'fee',
      key: 'demo:fee',
      title: `年费预警：${patentTitle}年费将于 30 天内到期`,
      body: `${patentTitle}的下一年度年费将于 30 天内到期，逾期将产生滞纳金，请及时缴纳。`,
      link: patent ? `/costdetails?patent=${patent.id}` : '/costdetails',
      objectType: patent ? 'patent' : '',
      objectId: patent?.id ?? 0,
      hoursAgo: 2,
    },
  ];

  const users = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('status', '=', 1)
    .orderBy('id')
    .execute();
  const base = deps.clock().getTime();
  for (const u of users) {
    for (const m of messages) {
      const at = new Date(base - m.hoursAgo * 3600_000);
      const isNew = await deliverToUser({ db: deps.db, clock: () => at }, u.id, companyId, m);
      if (!isNew || (!m.read && !m.handled)) continue;
      await db
        .updateTable('messages')
        .set({
          ...(m.read ? { read_at: new Date(at.getTime() + 3600_000).toISOString() } : {}),
          ...(m.handled ? { handled_at: new Date(at.getTime() + 3600_000).toISOString() } : {}),
        })
        .where('delivery_key', '=', `${m.key}:u${u.id}`)
        .execute();
    }
  }
}
