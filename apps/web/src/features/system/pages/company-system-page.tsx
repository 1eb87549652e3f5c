import { Card } from 'antd';

/** /system for a company user (set A): the company's profile and sub-accounts (issue 9 fills it in). */
export default function CompanySystemPage() {
  return <Card title="系统管理" />;
}
