import { lazy } from 'react';
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { AdminRequestsPanel } from '../../../portal/services/admin-requests-panel';
import { requireCompany } from '../../../components/trial-notice';
import { routeSetOf, useSessionUser } from '../../../lib/session-store';

const AdminConsultingPage = lazy(() => import('./admin-consulting-page'));
const UserConsultingPage = lazy(() =>
  import('./user-consulting-page').then((m) => ({ default: requireCompany(m.default, '业务咨询') })),
);

/** /consulting serves both sets (spec §2): the administrator's list (set B) and a company's own questions (set A). */
export default function ConsultingPage() {
  const set = routeSetOf(useSessionUser());
  const [params, setParams] = useSearchParams();
  if (set !== 'B') return <UserConsultingPage />;
  // The administrator's second tab: the portal's questions, topics and 马上办 appointments (ADR 0054).
  return (
    <Tabs
      activeKey={params.get('tab') === 'portal' ? 'portal' : 'consult'}
      onChange={(k) => setParams(k === 'portal' ? { tab: 'portal' } : {})}
      items={[
        { key: 'consult', label: '企业咨询', children: <AdminConsultingPage /> },
        { key: 'portal', label: '门户留言与预约', children: <AdminRequestsPanel /> },
      ]}
    />
  );
}
