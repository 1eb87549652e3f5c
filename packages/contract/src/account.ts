import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, SMS_CODE_LENGTH } from './constants';
import { isMainlandMobile, passwordProblem, trimMobile } from './validators';
import { privateFileId } from './files';

/** A mobile field: trimmed, then an 11-digit mainland mobile. */
export const Mobile = z
  .string({ error: '请输入手机号' })
  .transform(trimMobile)
  .refine((m) => m.length > 0, '请输入手机号')
  .refine(isMainlandMobile, '请输入 11 位中国大陆手机号');

export const Password = z
  .string({ error: '请输入密码' })
  .min(1, '请输入密码')
  .max(PASSWORD_MAX_LENGTH, `密码不能超过 ${PASSWORD_MAX_LENGTH} 位`);

/** A new password must be at least 8 characters with letters and digits. */
export const NewPassword = z.string({ error: '请输入新密码' }).superRefine((p, ctx) => {
  const problem = passwordProblem(p);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const SmsCode = z
  .string({ error: '请输入验证码' })
  .trim()
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), `验证码为 ${SMS_CODE_LENGTH} 位数字`);

export const LoginBody = z.object({
  mobile: Mobile,
  password: Password,
  /** The client's login type; kept for compatibility, the account decides the route set. */
  type: z.union([z.string(), z.number()]).optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const LoginReply = z.object({ token: z.string(), newtype: z.number().int() });
export type LoginReply = z.infer<typeof LoginReply>;

export const SMS_PURPOSES = ['register', 'forget', 'visitor', 'binding'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

export const SendCodeBody = z.object({
  mobile: Mobile,
  purpose: z.enum(SMS_PURPOSES, { error: '验证码用途不正确' }).default('register'),
});

/** Longest person name (姓名, 联系人) and the company name's bounds, in characters; the web forms check the same. */
export const PERSON_NAME_MAX = 30;
export const COMPANY_NAME_MIN = 2;
export const COMPANY_NAME_MAX = 100;

const personName = (label: string) =>
  z.string().trim().min(1, `请输入${label}`).max(PERSON_NAME_MAX, `${label}不能超过 ${PERSON_NAME_MAX} 个字`);
const CompanyName = z
  .string()
  .trim()
  .min(1, '请输入公司名称')
  .min(COMPANY_NAME_MIN, `公司名称至少 ${COMPANY_NAME_MIN} 个字`)
  .max(COMPANY_NAME_MAX, `公司名称不能超过 ${COMPANY_NAME_MAX} 个字`);

export const RegisterBody = z.object({
  mobile: Mobile,
  code: SmsCode,
  password: NewPassword,
  name: personName('姓名'),
  company_name: CompanyName,
});

export const ForgetBody = z.object({ mobile: Mobile, code: SmsCode, password: NewPassword });

export const VisitorLoginBody = z.object({ mobile: Mobile, code: SmsCode });

export const InfoBody = z.object({ tokens: z.string().optional(), type: z.union([z.string(), z.number()]).optional() });

export const ChangePasswordBody = z
  .object({
    old_password: Password,
    password: NewPassword,
    password_confirm: z.string({ error: '请再次输入新密码' }),
  })
  .refine((b) => b.password === b.password_confirm, { message: '两次输入的新密码不一致', path: ['password_confirm'] });

export const UpdateProfileBody = z.object({
  name: personName('姓名').optional(),
  avatar: z.string().max(500, '头像地址过长').optional(),
  introduction: z.string().max(500, '简介不能超过 500 个字').optional(),
});

export const SendInfoBody = z.object({
  mobile: Mobile,
  content: z.string().trim().min(1, '请输入短信内容').max(300, '短信内容不能超过 300 个字'),
});

export const VerificationBody = z.object({
  company_name: CompanyName,
  credit_code: z
    .string({ error: '请输入统一社会信用代码' })
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/, '统一社会信用代码应为 18 位'),
  contact: personName('联系人'),
  // A private file the caller uploaded (purpose licence); the server checks the owner.
  license: z
    .string({ error: '请上传营业执照' })
    .trim()
    .min(1, '请上传营业执照')
    .max(500, '文件地址过长')
    .refine((v) => privateFileId(v) !== null, '营业执照文件不正确，请重新上传'),
});

/** Second authentication (spec §7): account and password → a token kept as tokenIfon. */
export const SecondAuthBody = z.object({ account: Mobile, password: Password });

/**
 * The one-time ticket /v1/openid_login gives for a WeChat user not yet bound (ADR 0013): it stands for the openid,
 * which never leaves the server.
 */
export const WechatTicket = z
  .string({ error: '缺少微信登录凭证，请重新进入' })
  .trim()
  .regex(/^[0-9a-f]{64}$/, '微信登录凭证无效，请重新进入');
export const GetTokenBody = z.object({ ticket: WechatTicket });
export const BindingBody = z.object({ ticket: WechatTicket, mobile: Mobile, code: SmsCode });

export const CompanySearchBody = z.object({
  keword: z.string({ error: '请输入公司名称' }).trim().min(1, '请输入公司名称').max(100, '公司名称不能超过 100 个字'),
});
export const CompanySearchItem = z.object({ id: z.number().int(), company_name: z.string(), num: z.number().int() });
export type CompanySearchItem = z.infer<typeof CompanySearchItem>;

export const AdminViewBody = z.object({ user_id: z.coerce.number({ error: '请选择用户' }).int().positive('请选择用户') });
