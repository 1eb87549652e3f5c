import { useSearchParams } from 'react-router';
import { Card, Tabs } from 'antd';
import { StaffPanel } from '../components/staff-panel';
import { LabelsPanel } from '../components/labels-panel';
import { LimitsPanel } from '../components/limits-panel';

const TABS = ['staff', 'companyLabel', 'demandLabel', 'limits'] as const;
type Tab = (typeof TABS)[number];

/**
 * /newsystem for the enterprise-service main account (set C, ADR 0038): 员工管理 (the top bar's 配置员工 lands here),
 * 企业标签, 需求标签 and 办理时限. ?tab= picks the tab; the staff list keeps its filters in the address too.
 */
export default function NewSystemPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'staff';
  const items = [
    { key: 'staff', label: '员工管理', children: <StaffPanel /> },
    { key: 'companyLabel', label: '企业标签', children: <LabelsPanel kind="company" /> },
    { key: 'demandLabel', label: '需求标签', children: <LabelsPanel kind="demand" /> },
    { key: 'limits', label: '办理时限', children: <LimitsPanel /> },
  ];
  return (
    <Card title="系统管理">
      <Tabs activeKey={tab} onChange={(key) => setParams(key === 'staff' ? {} : { tab: key })} items={items} destroyOnHidden />
    </Card>
  );
}
