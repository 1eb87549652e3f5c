import crypto from 'node:crypto';
import {
  SMS_CODE_TTL_MS,
  SMS_MAX_PER_ADDRESS_PER_DAY,
  SMS_MAX_PER_ADDRESS_PER_HOUR,
  SMS_MAX_PER_MOBILE_PER_DAY,
  SMS_MAX_WRONG_TRIES,
  SMS_RESEND_INTERVAL_MS,
  type SmsPurpose,
} from '@ip/contract';
import type { Deps } from '../../deps';
import { badRequest } from '../../http/errors';
import { consume, type Limit } from './limits';

function codeHash(mobile: string, purpose: string, code: string): string {
  return crypto.createHash('sha256').update(`${mobile}:${purpose}:${code}`).digest('hex');
}

const PURPOSE_TEXT: Record<SmsPurpose, string> = {
  register: '注册',
  forget: '找回密码',
  visitor: '访客登录',
  binding: '绑定微信',
};

/** The answer to a missing, used or never-sent code; also what an unknown mobile gets where a code is asked for. */
export function invalidCode() {
  return badRequest('验证码无效，请先获取验证码', [{ path: 'code', msg: '验证码无效，请先获取验证码' }]);
}

/** What the mobile's owner receives: the code, a note that the number is already registered, or nothing. */
export type Delivery = 'code' | 'registered' | 'none';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** The caps of ADR 0013, counted in this order: 60 s per mobile, per mobile per day, per address per hour and day. */
function smsLimits(mobile: string, ip: string): Limit[] {
  return [
    { key: `sms:m:${mobile}`, max: 1, windowMs: SMS_RESEND_INTERVAL_MS, message: '验证码发送过于频繁，请 {wait}后再试' },
    {
      key: `sms:md:${mobile}`,
      max: SMS_MAX_PER_MOBILE_PER_DAY,
      windowMs: DAY,
      message: '该手机号今日获取验证码次数已达上限，请明天再试',
    },
    {
      key: `sms:ih:${ip}`,
      max: SMS_MAX_PER_ADDRESS_PER_HOUR,
      windowMs: HOUR,
      message: '当前网络获取验证码过于频繁，请 {wait}后再试',
    },
    {
      key: `sms:id:${ip}`,
      max: SMS_MAX_PER_ADDRESS_PER_DAY,
      windowMs: DAY,
      message: '当前网络今日获取验证码次数已达上限，请明天再试',
    },
  ];
}

/**
 * Stores a new 6-digit code (valid 5 minutes, only its hash kept; earlier unused codes of the purpose are voided)
 * and tells the owner per `delivery`. The reply is the same whatever the delivery, so it never tells a caller
 * whether the mobile is registered: a code is stored even when nobody receives it, so later checks answer alike.
 */
export async function sendCode(
  deps: Deps,
  mobile: string,
  purpose: SmsPurpose,
  ip: string,
  delivery: Delivery = 'code',
): Promise<{ cooldown: number }> {
  const { db } = deps.db;
  await consume(deps, smsLimits(mobile, ip));
  const now = deps.clock();
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
  if (delivery === 'code') {
    await deps.sms.send(
      mobile,
      `【知识产权管理与专利检索平台】您的${PURPOSE_TEXT[purpose]}验证码为 ${code}，5 分钟内有效，请勿告诉他人。`,
    );
  } else if (delivery === 'registered') {
    await deps.sms.send(
      mobile,
      '【知识产权管理与专利检索平台】有人正在用您的手机号注册账号，该手机号已注册，可直接登录或通过“忘记密码”找回密码；如非本人操作，请忽略本短信。',
    );
  }
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
  if (!row) throw invalidCode();
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
