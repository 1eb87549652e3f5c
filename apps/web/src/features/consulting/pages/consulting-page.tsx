import { lazy } from 'react';
import { requireCompany } from '../../../components/trial-notice';
import { routeSetOf, useSessionUser } from '../../../lib/session-store';

const AdminConsultingPage = lazy(() => import('./admin-consulting-page'));
const UserConsultingPage = lazy(() =>
  import('./user-consulting-page').then((m) => ({ default: requireCompany(m.default, '业务咨询') })),
);

/** /consulting serves both sets (spec §2): the administrator's list (set B) and a company's own questions (set A). */
export default function ConsultingPage() {
  const set = routeSetOf(useSessionUser());
  return set === 'B' ? <AdminConsultingPage /> : <UserConsultingPage />;
}
