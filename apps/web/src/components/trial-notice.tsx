import { createElement, type ComponentType } from 'react';
import { Link } from 'react-router';
import { Button, Card, Result } from 'antd';
import { useSessionUser } from '../lib/session-store';

/** What a trial user sees on a company page: why it is closed and the way to open it (DOMAIN §1). */
export function TrialNotice({ title }: { title: string }) {
  return (
    <Card>
      <Result
        status="info"
        title={`${title}需要企业认证`}
        subTitle="试用用户可以检索和阅读专利；提交企业认证并经管理员审核通过后，即可管理企业的专利、证书与诉讼。"
        extra={
          <Link to="/userCenter">
            <Button type="primary" danger>
              去认证
            </Button>
          </Link>
        }
      />
    </Card>
  );
}

/**
 * A company page that a trial user (no company until its application is approved) sees as TrialNotice instead of
 * calls the server refuses. The server refuses regardless (companyActor); this only saves the user the error toasts.
 */
export function requireCompany(Page: ComponentType, title: string): ComponentType {
  return function CompanyOnlyPage() {
    const user = useSessionUser();
    return user?.type === '1' ? createElement(TrialNotice, { title }) : createElement(Page);
  };
}
