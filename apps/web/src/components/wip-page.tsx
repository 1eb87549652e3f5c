import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { useCurrentPage } from '../lib/current-page';
import { getToken } from '../lib/storage';

/** The one placeholder for every page marked wip in the page table (owned by a later issue). */
export const WIP_TITLE = '功能建设中';

export default function WipPage() {
  const page = useCurrentPage();
  const navigate = useNavigate();
  const loggedIn = !!getToken();
  return (
    <Result
      status="info"
      title={WIP_TITLE}
      subTitle={page ? `「${page.title}」页面正在建设中，敬请期待。` : '该页面正在建设中，敬请期待。'}
      extra={
        <Button type="primary" onClick={() => navigate(loggedIn ? '/' : '/web/index')}>
          {loggedIn ? '返回工作台' : '返回首页'}
        </Button>
      }
    />
  );
}
