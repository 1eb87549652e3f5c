import { useEffect, useState, type ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { Button, Spin } from 'antd';
import { CalendarOutlined, FormOutlined, LogoutOutlined, PlusCircleOutlined } from '@ant-design/icons';
import { STORAGE_KEYS, type SessionUser } from '@ip/contract';
import { useSessionUser } from '../../../lib/session-store';
import { clearAndReload } from '../../../lib/session-actions';
import { getToken, getVisitorToken, session } from '../../../lib/storage';
import { fetchFieldUser, fieldLogoutCall } from '../api';
import '../field.css';

export const FIELD_LOGIN = '/web/small/login';

const TABS = [
  { to: '/web/small/Waitvisit', label: '待走访', icon: <CalendarOutlined aria-hidden /> },
  { to: '/web/small/workVisit', label: '走访记录', icon: <FormOutlined aria-hidden /> },
  { to: '/web/addWaitvisit', label: '发起', icon: <PlusCircleOutlined aria-hidden /> },
];

/** Whether an account may use the mobile visit pages: the enterprise-service main account or its staff. */
export const isServiceAccount = (u: SessionUser | null | undefined): boolean => !!u && u.is_news === 1;

/**
 * Who is on the mobile pages: the desktop session's user when there is one (a staff or main account logged in with
 * its password), else the field token's user from /v1/user/info; 'out' sends the phone back to the field login.
 */
function useFieldUser(): SessionUser | 'loading' | 'out' {
  const desktopUser = useSessionUser();
  const hasUserToken = !!getToken();
  const [fieldUser, setFieldUser] = useState<SessionUser | 'loading' | 'out'>(() =>
    hasUserToken ? 'loading' : getVisitorToken() ? 'loading' : 'out',
  );
  useEffect(() => {
    if (hasUserToken || !getVisitorToken()) return;
    let live = true;
    fetchFieldUser()
      .then((u) => {
        if (!live) return;
        if (isServiceAccount(u)) setFieldUser(u!);
        else {
          session.remove(STORAGE_KEYS.visitorToken);
          setFieldUser('out');
        }
      })
      .catch(() => {
        if (live) setFieldUser('out');
      });
    return () => {
      live = false;
    };
  }, [hasUserToken]);
  if (hasUserToken) {
    if (!desktopUser) return 'loading';
    return isServiceAccount(desktopUser) ? desktopUser : 'out';
  }
  return fieldUser;
}

/**
 * The frame of the mobile visit pages (ADR 0044): a header with the page title and 退出, the page, and a bottom tab
 * bar (待走访 / 走访记录 / 发起) within reach of a thumb. Lets in only a field token or a staff/main login.
 */
export function FieldShell({ title, children }: { title: string; children: (user: SessionUser) => ReactNode }) {
  const user = useFieldUser();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (user === 'out') void navigate(FIELD_LOGIN, { replace: true });
  }, [user, navigate]);

  const handleLogout = async () => {
    setLeaving(true);
    try {
      await fieldLogoutCall();
    } catch {
      // The token may already be gone on the server; the phone leaves either way.
    }
    session.remove(STORAGE_KEYS.visitorToken);
    if (getToken()) clearAndReload(FIELD_LOGIN);
    else void navigate(FIELD_LOGIN, { replace: true });
  };

  return (
    <div className="field-shell">
      <header className="field-header">
        <h1>{title}</h1>
        <Button icon={<LogoutOutlined aria-hidden />} onClick={() => void handleLogout()} loading={leaving}>
          退出
        </Button>
      </header>
      <main className="field-main">
        {user === 'loading' || user === 'out' ? (
          <div style={{ textAlign: 'center', padding: 48 }}>
            <Spin aria-label="加载中" />
          </div>
        ) : (
          children(user)
        )}
      </main>
      <nav className="field-tabs" aria-label="走访导航">
        {TABS.map((t) => (
          <NavLink key={t.to} to={t.to} className={({ isActive }) => (isActive ? 'field-tab active' : 'field-tab')}>
            {t.icon}
            <span>{t.label}</span>
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
