import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Card, Col, Input, Row, Typography } from 'antd';
import { notify } from '../lib/notify';
import './search-home.css';

/** Hot topics offered to visitors as one-click searches. */
export const HOT_KEYWORDS = ['锂电池', '新能源汽车', '人工智能', '半导体', '无人机', '5G 通信', '光伏', '生物医药'];

const TIPS = [
  { title: '关键词检索', text: '输入技术词即可在名称、摘要和权利要求中检索，多个词用空格分开表示同时包含。' },
  { title: '号码检索', text: '直接输入申请号或公开号，如 CN202223220665.2、CN108472367A。' },
  { title: '高级检索', text: '按名称、申请人、日期、分类号等字段组合条件，或粘贴一段技术描述智能检索。' },
];

/** /web/search: the visitors' search entry; with ?val= it goes straight to the result list. */
export default function SearchHomePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const val = params.get('val')?.trim();
  if (val) return <Navigate to={`/web/search/list?${new URLSearchParams({ val }).toString()}`} replace />;

  const search = (value: string) => {
    const v = value.trim();
    if (!v) {
      notify.warning('请输入专利关键词');
      return;
    }
    navigate(`/web/search/list?${new URLSearchParams({ val: v }).toString()}`);
  };

  return (
    <>
      <section className="search-hero" aria-labelledby="search-title">
        <h1 id="search-title">专利检索</h1>
        <div style={{ maxWidth: 720, margin: '0 auto' }}>
          <Input.Search
            size="large"
            placeholder="请输入专利关键词、申请人或号码"
            aria-label="专利关键词"
            enterButton="检索"
            onSearch={search}
          />
        </div>
        <div className="search-hot" aria-label="热门检索">
          <span>热门检索：</span>
          {HOT_KEYWORDS.map((k) => (
            <Link key={k} to={`/web/search/list?${new URLSearchParams({ val: k }).toString()}`}>
              {k}
            </Link>
          ))}
          <Link to="/web/seniorSearch">高级检索 »</Link>
        </div>
      </section>
      <Row gutter={[16, 16]} style={{ marginTop: 24 }}>
        {TIPS.map((t) => (
          <Col key={t.title} xs={24} md={8}>
            <Card style={{ height: '100%' }}>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                {t.title}
              </Typography.Title>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                {t.text}
              </Typography.Paragraph>
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
