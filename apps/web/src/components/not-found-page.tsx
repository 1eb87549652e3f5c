import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { getToken } from '../lib/storage';

/** /404 and every unknown path. */
export default function NotFoundPage() {
  const navigate = useNavigate();
  const loggedIn = !!getToken();
  return (
    <Result
      status="404"
      title="404"
      subTitle="抱歉，您访问的页面不存在"
      extra={
        <Button type="primary" onClick={() => navigate(loggedIn ? '/' : '/web/index')}>
          {loggedIn ? '返回工作台' : '返回首页'}
        </Button>
      }
    />
  );
}
