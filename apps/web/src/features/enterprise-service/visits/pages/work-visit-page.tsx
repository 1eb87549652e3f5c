import { VisitListPage } from './visit-list-page';

/** /workVisit 走访跟进: records whose follow-up is open, each with 完成跟进. */
export default function WorkVisitPage() {
  return <VisitListPage mode="follow" />;
}
