import { useSearchParams } from 'react-router';
import { Alert, Card, Tabs } from 'antd';
import { useSessionUser } from '../../../lib/session-store';
import { CompanyProfilePanel } from '../components/company-profile-panel';
import { SubAccountsPanel } from '../components/sub-accounts-panel';
import { WarningSettingsPanel } from '../components/warning-settings-panel';

type Tab = 'profile' | 'accounts' | 'warning';

/**
 * /system for a company user (set A, ADR 0022): 企业信息 for everyone of the company (editable by the main user) and
 * 子账号 for the main user only. ?tab=profile|accounts picks the tab (the top bar's 配置员工 opens ?tab=accounts).
 */
export default function CompanySystemPage() {
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  const isSubAccount = (user?.rid ?? 0) > 0;
  const asked = params.get('tab');
  const tab: Tab = !isSubAccount && asked === 'accounts' ? 'accounts' : asked === 'warning' ? 'warning' : 'profile';

  const items = [{ key: 'profile', label: '企业信息', children: <CompanyProfilePanel /> }];
  // The server refuses sub-accounts too; the tab is not offered to them.
  if (!isSubAccount) items.push({ key: 'accounts', label: '子账号', children: <SubAccountsPanel /> });
  items.push({ key: 'warning', label: '提醒设置', children: <WarningSettingsPanel /> });

  const handleChange = (key: string) => {
    // Filters of one tab mean nothing on the other.
    setParams(key === 'profile' ? {} : { tab: key });
  };

  return (
    <Card title="系统管理">
      {isSubAccount && asked === 'accounts' && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="子账号管理仅对企业主账号开放，如需新增或调整账号请联系企业主账号"
        />
      )}
      <Tabs activeKey={tab} onChange={handleChange} items={items} destroyOnHidden />
    </Card>
  );
}
