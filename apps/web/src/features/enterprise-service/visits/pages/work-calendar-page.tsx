import { VisitCalendarPage } from './visit-calendar-page';

/** /workCalendar 工作日历: plans and records together by month or week. */
export default function WorkCalendarPage() {
  return <VisitCalendarPage defaultShow="all" title="工作日历" />;
}
