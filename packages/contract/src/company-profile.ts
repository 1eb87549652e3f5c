import { z } from 'zod';
import { PERSON_NAME_MAX } from './account';

// The company's own profile on /system (企业信息, ADR 0022): read by every user of the company, edited by its main
// user. The name and the unified social credit code change only through an administrator (they identify the
// company and its patents).

export const COMPANY_ADDRESS_MAX = 200;
export const COMPANY_INDUSTRY_MAX = 50;
export const CONTACT_PHONE_MAX = 20;

/** Company sizes of the statistics bureau's classification (统计上大中小微型企业划分办法). */
export const COMPANY_SIZES = ['大型', '中型', '小型', '微型'] as const;

/** Suggestions for the industry field (国民经济行业分类 divisions most often seen in patent work); free text allowed. */
export const INDUSTRY_SUGGESTIONS = [
  '计算机、通信和其他电子设备制造业',
  '电气机械和器材制造业',
  '通用设备制造业',
  '专用设备制造业',
  '汽车制造业',
  '医药制造业',
  '化学原料和化学制品制造业',
  '软件和信息技术服务业',
  '科技推广和应用服务业',
  '研究和试验发展',
] as const;

/**
 * A contact phone: a mainland mobile (13800000000), a landline with area code (0571-86000000, 010 12345678,
 * extension -123 allowed) or a 400/800 service number (400-123-4567).
 */
export function isContactPhone(phone: string): boolean {
  const p = phone.replace(/\s+/g, '-');
  return /^1[3-9]\d{9}$/.test(p) || /^0\d{2,3}-?[1-9]\d{6,7}(-\d{1,6})?$/.test(p) || /^[48]00-?\d{3}-?\d{4}$/.test(p);
}

const text = (label: string, max: number) =>
  z
    .string({ error: `${label}须为文字` })
    .trim()
    .max(max, `${label}不能超过 ${max} 个字`);

/** POST /v1/frontend/company/save: the editable fields; each optional, at least one. Empty text clears a field. */
export const CompanyProfileSaveBody = z
  .object({
    address: text('地址', COMPANY_ADDRESS_MAX).optional(),
    contact: text('联系人', PERSON_NAME_MAX).optional(),
    contact_phone: text('联系电话', CONTACT_PHONE_MAX)
      .refine((p) => p === '' || isContactPhone(p), '联系电话格式不正确，请填写手机号或带区号的固定电话')
      .optional(),
    industry: text('所属行业', COMPANY_INDUSTRY_MAX).optional(),
    size: z.enum(['', ...COMPANY_SIZES], { error: '企业规模只能是大型、中型、小型或微型' }).optional(),
    fee_reduction: z.union([z.literal(0), z.literal(1)], { error: '费减资格只能是 0（否）或 1（是）' }).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: '请填写要保存的内容', path: ['address'] });
export type CompanyProfileSaveBody = z.input<typeof CompanyProfileSaveBody>;

/** The reply of /v1/frontend/company/info (and of save). */
export interface CompanyProfile {
  id: number;
  company_name: string;
  credit_code: string;
  address: string;
  contact: string;
  contact_phone: string;
  industry: string;
  size: string;
  /** 1: qualifies for the annual-fee reduction (费减). */
  fee_reduction: number;
  former_names: string[];
  patent_num: number;
  updated_at: string;
  /** Whether the caller may save (the company's main user; not sub-accounts). */
  editable: boolean;
}
