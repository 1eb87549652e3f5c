import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { ArticlesPanel } from '../components/articles-panel';
import { BannersPanel, FooterPanel, SharePanel } from '../components/settings-panels';

const TABS = ['articles', 'banners', 'footer', 'share'] as const;

/** /web 网站管理 (administrator, ADR 0053): the portal's articles by channel, banners, footer and share settings. */
export default function WebAdminPage() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab') ?? '';
  const tab = (TABS as readonly string[]).includes(tabParam) ? tabParam : 'articles';
  return (
    <Card title="网站管理">
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'articles' ? {} : { tab: k })}
        destroyOnHidden
        items={[
          { key: 'articles', label: '文章管理', children: <ArticlesPanel mode="web" /> },
          { key: 'banners', label: '首页横幅', children: <BannersPanel /> },
          { key: 'footer', label: '页脚', children: <FooterPanel /> },
          { key: 'share', label: '分享设置', children: <SharePanel /> },
        ]}
      />
    </Card>
  );
}
