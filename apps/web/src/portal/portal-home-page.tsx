import { Typography } from 'antd';
import { LatestSections } from './latest-sections';
import './portal.css';

/** /web/home: the portal's home, the latest items of every channel and the banners. */
export default function PortalHomePage() {
  return (
    <section aria-labelledby="portal-home-title">
      <Typography.Title level={1} id="portal-home-title" className="portal-h1">
        门户首页
      </Typography.Title>
      <LatestSections />
    </section>
  );
}
