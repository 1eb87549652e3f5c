import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Avatar, Button, Dropdown, Input, Space, Tooltip, type MenuProps } from 'antd';
import {
  EllipsisOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  RollbackOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { PRODUCT_TITLE } from '@ip/contract';
import { notify } from '../lib/notify';
import { logout, returnToAdmin } from '../lib/session-actions';
import { sessionStore, useSession } from '../lib/session-store';
import { topBarModel } from './top-bar-rules';
import { MessageBell } from '../components/message-bell';

interface Action {
  key: string;
  label: string;
  icon: React.ReactNode;
  onClick: () => void;
}

/** Top bar of the internal pages: title, 工作台, patent keyword search, account icons, user. */
export function TopBar() {
  const user = useSession((s) => s.user);
  const open = useSession((s) => s.sidebarOpen);
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [keyword, setKeyword] = useState(() => (location.pathname === '/docking' ? (params.get('val') ?? '') : ''));

  if (!user) return null;
  const model = topBarModel(user);

  const handleSearch = () => {
    const val = keyword.trim();
    if (!val) {
      notify.warning('请输入专利关键词');
      return;
    }
    const search = `?${new URLSearchParams({ val }).toString()}`;
    // Already on the results page: only the query changes.
    if (location.pathname === '/docking') navigate({ pathname: '/docking', search }, { replace: true });
    else navigate(`/docking${search}`);
  };

  const handleAdvancedSearch = () => {
    if (!model.advancedSearchPath) return;
    const val = keyword.trim();
    navigate(val ? `${model.advancedSearchPath}?${new URLSearchParams({ val }).toString()}` : model.advancedSearchPath);
  };

  const handleBackToAdmin = () => {
    if (!returnToAdmin()) notify.error('未找到管理端登录信息，请重新登录');
  };

  const actions: Action[] = [];
  if (model.userCenterPath) {
    const to = model.userCenterPath;
    actions.push({ key: 'center', label: '个人中心', icon: <UserOutlined aria-hidden />, onClick: () => navigate(to) });
  }
  if (model.changePasswordPath) {
    const to = model.changePasswordPath;
    actions.push({ key: 'pwd', label: '修改密码', icon: <LockOutlined aria-hidden />, onClick: () => navigate(to) });
  }
  if (model.configStaffPath) {
    const to = model.configStaffPath;
    actions.push({ key: 'staff', label: '配置员工', icon: <TeamOutlined aria-hidden />, onClick: () => navigate(to) });
  }
  if (model.systemPath) {
    const to = model.systemPath;
    actions.push({ key: 'system', label: '系统管理', icon: <SettingOutlined aria-hidden />, onClick: () => navigate(to) });
  }
  actions.push({ key: 'logout', label: '退出登录', icon: <LogoutOutlined aria-hidden />, onClick: () => void logout() });

  const mobileMenu: MenuProps['items'] = [
    { key: 'work', label: '工作台', onClick: () => navigate('/') },
    ...(model.advancedSearchPath ? [{ key: 'adv', label: '高级搜索', onClick: handleAdvancedSearch }] : []),
    ...(model.showVerify ? [{ key: 'verify', label: '去认证', danger: true, onClick: () => navigate('/userCenter') }] : []),
    ...(model.showBackToAdmin ? [{ key: 'admin', label: '返回管理端', onClick: handleBackToAdmin }] : []),
    { type: 'divider' as const },
    ...actions.map((a) => ({ key: a.key, label: a.label, icon: a.icon, onClick: a.onClick })),
  ];

  return (
    <header className="app-topbar">
      <Button
        type="text"
        aria-label="展开/收起菜单"
        aria-expanded={open}
        icon={open ? <MenuFoldOutlined aria-hidden /> : <MenuUnfoldOutlined aria-hidden />}
        onClick={() => sessionStore.toggleSidebar()}
      />
      <span className="app-topbar-title">{PRODUCT_TITLE}</span>
      <Button type="link" className="app-hide-mobile" onClick={() => navigate('/')}>
        工作台
      </Button>
      <div className="app-topbar-search" role="search">
        <Space.Compact>
          <Input
            aria-label="专利关键词"
            placeholder="请输入专利关键词"
            value={keyword}
            allowClear
            onChange={(e) => setKeyword(e.target.value)}
            onPressEnter={handleSearch}
          />
          <Button type="primary" onClick={handleSearch}>
            搜索
          </Button>
        </Space.Compact>
        {model.advancedSearchPath && (
          <Button className="app-hide-mobile" onClick={handleAdvancedSearch}>
            高级搜索
          </Button>
        )}
      </div>
      <div className="app-topbar-actions">
        {model.showVerify && (
          <Button danger type="primary" className="app-hide-mobile" onClick={() => navigate('/userCenter')}>
            去认证
          </Button>
        )}
        {model.showBackToAdmin && (
          <Button className="app-hide-mobile" icon={<RollbackOutlined aria-hidden />} onClick={handleBackToAdmin}>
            返回管理端
          </Button>
        )}
        {model.messageCenterPath && <MessageBell to={model.messageCenterPath} />}
        {actions.map((a) => (
          <Tooltip key={a.key} title={a.label}>
            <Button type="text" className="app-hide-mobile" aria-label={a.label} icon={a.icon} onClick={a.onClick} />
          </Tooltip>
        ))}
        <Dropdown menu={{ items: mobileMenu }} trigger={['click']}>
          <Button type="text" className="app-show-mobile" aria-label="更多操作" icon={<EllipsisOutlined aria-hidden />} />
        </Dropdown>
      </div>
      <span className="app-topbar-user" title={model.displayName}>
        <Avatar size="small" src={user.avatar || undefined} icon={<UserOutlined aria-hidden />} alt="" />
        <span>{model.displayName}</span>
      </span>
    </header>
  );
}
