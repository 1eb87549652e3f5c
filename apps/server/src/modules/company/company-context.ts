import type { Session } from '../../http/auth';
import { forbidden } from '../../http/errors';

/** Who acts on a company's data: the company, the acting user (for created_by), and what that user may do. */
export interface CompanyActor {
  companyId: number;
  /** The user the session belongs to (in admin view: the company user the administrator acts as). */
  userId: number;
  /** rid > 0: a sub-account (sees the portfolio, not the not-for-admin-view entries; cannot manage accounts). */
  isSubAccount: boolean;
  /** The administrator acting in admin view, else null. */
  adminId: number | null;
}

/**
 * The company of a set-A session (company or trial user, sub-accounts included, admin view included). Every
 * portfolio, certificate, litigation-follow and sub-account call goes through it, and every query it makes is
 * filtered by companyId: a company's ids are never reachable from another company (IDOR tests in each module).
 * A trial user is linked to a company only when an administrator approves its application.
 */
export function companyActor(session: Session | null): CompanyActor {
  if (!session || session.subject !== 'user' || (session.kind !== 'company' && session.kind !== 'trial')) {
    throw forbidden('仅企业用户可使用该功能');
  }
  const companyId = session.user.company_id;
  if (!companyId) {
    throw forbidden(
      session.kind === 'trial'
        ? '企业认证通过后才能管理企业知识产权，请先到个人中心提交认证'
        : '当前账号尚未关联企业，请联系管理员',
    );
  }
  return {
    companyId,
    userId: session.user.id,
    isSubAccount: session.user.rid > 0,
    adminId: session.isAdminView ? session.adminId : null,
  };
}

/** As companyActor, for calls a sub-account may not make (account management, company profile). */
export function companyOwner(session: Session | null): CompanyActor {
  const actor = companyActor(session);
  if (actor.isSubAccount) throw forbidden('子账号不能进行该操作，请联系企业主账号');
  return actor;
}
