import type { FormRule } from 'antd';
import { SMS_CODE_LENGTH, isMainlandMobile, passwordProblem, trimMobile } from '@ip/contract';

/** Form rules shared by the login, register, reset and visitor forms (the contract's validators). */
export const mobileRules: FormRule[] = [
  {
    validator: async (_r, value: string | undefined) => {
      const m = trimMobile(value ?? '');
      if (!m) throw new Error('请输入手机号');
      if (!isMainlandMobile(m)) throw new Error('请输入 11 位中国大陆手机号');
    },
  },
];

export const codeRules: FormRule[] = [
  { required: true, message: '请输入验证码' },
  { pattern: new RegExp(`^\\s*\\d{${SMS_CODE_LENGTH}}\\s*$`), message: `验证码为 ${SMS_CODE_LENGTH} 位数字` },
];

export const newPasswordRules: FormRule[] = [
  {
    validator: async (_r, value: string | undefined) => {
      if (!value) throw new Error('请输入密码');
      const problem = passwordProblem(value);
      if (problem) throw new Error(problem);
    },
  },
];

/** The confirmation must equal the field `other`. */
export function confirmRules(other: string): FormRule[] {
  return [
    { required: true, message: '请再次输入密码' },
    ({ getFieldValue }) => ({
      validator: async (_r, value: string | undefined) => {
        if (value && value !== getFieldValue(other)) throw new Error('两次输入的密码不一致');
      },
    }),
  ];
}
