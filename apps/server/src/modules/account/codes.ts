import crypto from 'node:crypto';
import { SMS_CODE_TTL_MS, SMS_MAX_WRONG_TRIES, SMS_RESEND_INTERVAL_MS, type SmsPurpose } from '@ip/contract';
import type { Deps } from '../../deps';
import { badRequest, tooMany } from '../../http/errors';

function codeHash(mobile: string, purpose: string, code: string): string {
  return crypto.createHash('sha256').update(`${mobile}:${purpose}:${code}`).digest('hex');
}

const PURPOSE_TEXT: Record<SmsPurpose, string> = {
  register: '注册',
  forget: '找回密码',
  visitor: '访客登录',
  binding: '绑定微信',
};

/**
 * Sends a 6-digit code, valid 5 minutes, at most one per 60 s per mobile (whatever the purpose).
 * A new code voids the earlier unused codes of the same purpose. Only the code's hash is stored.
 */
export async function sendCode(deps: Deps, mobile: string, purpose: SmsPurpose): Promise<{ cooldown: number }> {
  const { db } = deps.db;
  const now = deps.clock();
  const last = await db
    .selectFrom('sms_codes')
    .select('created_at')
    .where('mobile', '=', mobile)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last) {
    const waited = now.getTime() - new Date(last.created_at).getTime();
    if (waited < SMS_RESEND_INTERVAL_MS) {
      const wait = Math.ceil((SMS_RESEND_INTERVAL_MS - waited) / 1000);
      throw tooMany(`验证码发送过于频繁，请 ${wait} 秒后再试`);
    }
  }
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('sms_codes').set({ consumed: 1 }).where('mobile', '=', mobile).where('purpose', '=', purpose).execute();
    await trx
      .insertInto('sms_codes')
      .values({
        mobile,
        purpose,
        code_hash: codeHash(mobile, purpose, code),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + SMS_CODE_TTL_MS).toISOString(),
        wrong_tries: 0,
        consumed: 0,
      })
      .execute();
  });
  await deps.sms.send(
    mobile,
    `【知识产权管理与专利检索平台】您的${PURPOSE_TEXT[purpose]}验证码为 ${code}，5 分钟内有效，请勿告诉他人。`,
  );
  return { cooldown: SMS_RESEND_INTERVAL_MS / 1000 };
}

/** Consumes a code if it is right; otherwise counts a wrong try (5 wrong tries void it) and throws a Chinese 400. */
export async function checkCode(deps: Deps, mobile: string, purpose: SmsPurpose, code: string): Promise<void> {
  const { db } = deps.db;
  const row = await db
    .selectFrom('sms_codes')
    .selectAll()
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .where('consumed', '=', 0)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw badRequest('验证码无效，请先获取验证码', [{ path: 'code', msg: '验证码无效，请先获取验证码' }]);
  if (new Date(row.expires_at).getTime() <= deps.clock().getTime()) {
    await db.updateTable('sms_codes').set({ consumed: 1 }).where('id', '=', row.id).execute();
    throw badRequest('验证码已过期，请重新获取', [{ path: 'code', msg: '验证码已过期，请重新获取' }]);
  }
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(codeHash(mobile, purpose, code), 'hex');
  if (!crypto.timingSafeEqual(expected, given)) {
    const tries = row.wrong_tries + 1;
    const voided = tries >= SMS_MAX_WRONG_TRIES;
    await db
      .updateTable('sms_codes')
      .set({ wrong_tries: tries, consumed: voided ? 1 : 0 })
      .where('id', '=', row.id)
      .execute();
    const msg = voided ? '验证码错误次数过多，已失效，请重新获取' : `验证码错误，还可尝试 ${SMS_MAX_WRONG_TRIES - tries} 次`;
    throw badRequest(msg, [{ path: 'code', msg }]);
  }
  // Conditional update: of two requests racing with the same right code, only one consumes it.
  const res = await db
    .updateTable('sms_codes')
    .set({ consumed: 1 })
    .where('id', '=', row.id)
    .where('consumed', '=', 0)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1)
    throw badRequest('验证码已使用，请重新获取', [{ path: 'code', msg: '验证码已使用，请重新获取' }]);
}
