import type { FormRule } from 'antd';
import { COMPANY_NAME_MAX, COMPANY_NAME_MIN, PERSON_NAME_MAX } from '@ip/contract';

/** A person's name field (姓名, 联系人): the bounds the server checks (the contract's PERSON_NAME_MAX). */
export function personNameRules(label: string): FormRule[] {
  return [
    { required: true, whitespace: true, message: `请输入${label}` },
    { max: PERSON_NAME_MAX, message: `${label}不能超过 ${PERSON_NAME_MAX} 个字` },
  ];
}

/** The company name field (register, verification): the bounds the server checks. */
export const companyNameRules: FormRule[] = [
  { required: true, whitespace: true, message: '请输入公司名称' },
  { min: COMPANY_NAME_MIN, message: `公司名称至少 ${COMPANY_NAME_MIN} 个字` },
  { max: COMPANY_NAME_MAX, message: `公司名称不能超过 ${COMPANY_NAME_MAX} 个字` },
];
