import { z } from 'zod';
import type { MenuItem } from './session';

// The runtime schemas of the session user (spec §3). Apart from session.ts (types, route sets, messages) so the
// browser's entry chunk, which needs SET_HOME and chooseRouteSet, does not carry zod (ADR 0056).

export const MenuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    path: z.string(),
    title: z.string(),
    icon: z.string().optional(),
    notForAdminView: z.boolean().optional(),
    children: z.array(MenuItemSchema).optional(),
  }),
);

/** Session user (spec §3): every field /v1/user/info returns. */
export const SessionUserSchema = z.object({
  token: z.string(),
  name: z.string(),
  avatar: z.string(),
  /** '1' is a trial user, '0' a verified one. */
  type: z.string(),
  is_admin: z.number().int(),
  is_admin_view: z.number().int(),
  is_news: z.number().int(),
  rid: z.number().int(),
  id: z.number().int(),
  com_id: z.number().int(),
  admin_name: z.string(),
  pid: z.number().int(),
  street_id: z.number().int(),
  street_name: z.string(),
  introduction: z.string(),
  roles: z.array(z.string()),
  newtype: z.number().int(),
  menu: z.array(MenuItemSchema),
  mobile: z.string(),
  company_name: z.string(),
  /** 1: an administrator set the password; the web sends the user to change it before anything else (ADR 0019). */
  must_change_password: z.number().int(),
});
