import { Link, useNavigate } from 'react-router';
import { Button, Col, Row } from 'antd';
// Input.Search alone: the Input namespace also carries TextArea, Password and OTP, which /web/index does not use
// (ADR 0056).
import Search from 'antd/es/input/Search';
import { FileSearchOutlined, ReadOutlined, ShopOutlined, SolutionOutlined } from '@ant-design/icons';
import { PRODUCT_TITLE } from '@ip/contract';
import { notify } from '../lib/notify';
import { LatestSections } from './latest-sections';
import { PortalCard, PortalParagraph, PortalTitle } from './portal-ui';
import './portal.css';

const ENTRIES = [
  { to: '/web/news', title: '新闻资讯', desc: '知识产权领域的最新动态与通知公告', icon: <ReadOutlined /> },
  { to: '/web/policies', title: '政策法规', desc: '专利法律法规、扶持政策与解读', icon: <SolutionOutlined /> },
  { to: '/web/search', title: '专利检索', desc: '按关键词、申请人、号码检索中国专利', icon: <FileSearchOutlined /> },
  { to: '/web/services/central', title: '企业服务', desc: '知识产权托管、咨询与政企对接服务', icon: <ShopOutlined /> },
];

/** /web/index: the public landing page. */
export default function LandingPage() {
  const navigate = useNavigate();

  const handleSearch = (value: string) => {
    const val = value.trim();
    if (!val) {
      notify.warning('请输入专利关键词');
      return;
    }
    navigate(`/web/search?${new URLSearchParams({ val }).toString()}`);
  };

  return (
    <>
      <section className="landing-hero" aria-labelledby="landing-title">
        <h1 id="landing-title">{PRODUCT_TITLE}</h1>
        <p>专利检索、知识产权管理与企业服务，一站式办理</p>
        <div className="landing-search">
          <Search
            size="large"
            placeholder="请输入专利关键词，如：锂电池 正极"
            aria-label="专利关键词"
            enterButton="检索"
            onSearch={handleSearch}
          />
        </div>
        <div style={{ marginTop: 20 }}>
          <Button size="large" ghost onClick={() => navigate('/login')}>
            登录
          </Button>
        </div>
      </section>
      <Row gutter={[16, 16]} style={{ marginTop: 24 }}>
        {ENTRIES.map((e) => (
          <Col key={e.to} xs={24} sm={12} lg={6}>
            <PortalCard hoverable onClick={() => navigate(e.to)} style={{ height: '100%' }}>
              <PortalTitle level={4} style={{ marginTop: 0 }}>
                <span style={{ color: '#1677ff', marginRight: 8 }} aria-hidden>
                  {e.icon}
                </span>
                <Link to={e.to} onClick={(ev) => ev.stopPropagation()}>
                  {e.title}
                </Link>
              </PortalTitle>
              <PortalParagraph type="secondary" style={{ marginBottom: 0 }}>
                {e.desc}
              </PortalParagraph>
            </PortalCard>
          </Col>
        ))}
      </Row>
      <div style={{ marginTop: 24 }}>
        <LatestSections />
      </div>
    </>
  );
}
