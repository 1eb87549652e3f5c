import type { UsersTable } from '../../db/schema';

/** A users row before the database gives it an id, a password hash and timestamps. */
export type NewUser = Omit<UsersTable, 'id' | 'password_hash' | 'created_at' | 'updated_at'>;

/**
 * The columns of a new account that its creator does not set: a formal company user (type '0') of no company,
 * no role, active, newtype 1. Registration (a trial user, type '1') and the demo seed start from it.
 */
export const NEW_USER: NewUser = {
  mobile: '',
  name: '',
  avatar: '',
  type: '0',
  is_admin: 0,
  is_news: 0,
  rid: 0,
  com_id: 0,
  pid: 0,
  street_id: 0,
  street_name: '',
  introduction: '',
  company_name: '',
  status: 1,
  newtype: 1,
  company_id: 0,
  must_change_password: 0,
};
