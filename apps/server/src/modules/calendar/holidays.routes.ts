import { HolidayDayBody, HolidaySaveBody, HolidayYearBody } from '@ip/contract';
import type { Session } from '../../http/auth';
import { route, type RouteRegistry } from '../../http/routes';
import type { ScheduledTask } from '../scheduler/scheduler';
import { deleteHoliday, listHolidays, reimportHolidayYear, saveHoliday, syncHolidaysFromPackage } from './holidays.service';

type UserSession = Extract<Session, { subject: 'user' }>;
const adminOf = (s: Session | null) => (s as UserSession).user.id;

// The administrator's holiday table (/system 节假日, ADR 0027).
export const holidayRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/system/holiday/index',
    access: ['admin'],
    summary: '节假日表：某一年的放假日与调休上班日',
    body: HolidayYearBody,
    readOnly: true,
    handler: ({ body, deps }) => listHolidays(deps, body.year),
  }),
  route({
    method: 'POST',
    url: '/system/holiday/save',
    access: ['admin'],
    summary: '新增或修改一天（放假或调休上班、名称）',
    body: HolidaySaveBody,
    handler: ({ body, session, deps }) => saveHoliday(deps, adminOf(session), body),
  }),
  route({
    method: 'POST',
    url: '/system/holiday/delete',
    access: ['admin'],
    summary: '删除一天（恢复为周一至周五上班、周末休息）',
    body: HolidayDayBody,
    handler: async ({ body, session, deps }) => {
      await deleteHoliday(deps, adminOf(session), body.day);
      return null;
    },
  }),
  route({
    method: 'POST',
    url: '/system/holiday/reimport',
    access: ['admin'],
    summary: '从节假日数据包（chinese-days）重新导入一年',
    body: HolidayYearBody,
    handler: ({ body, session, deps }) => reimportHolidayYear(deps, adminOf(session), body.year),
  }),
];

/** At start and each night: years a newer chinese-days knows are added to the table (edited years stay). */
export const holidaySyncTask: ScheduledTask = {
  name: 'holiday-sync',
  cron: '0 20 3 * * *',
  runAtStart: true,
  run: (deps) => syncHolidaysFromPackage(deps),
};
