import type { ReactNode } from 'react';
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { PatentPortfolio } from '../components/patent-portfolio';
import { NonPatentPanel } from '../../ip/non-patent-panel';
import '../portfolio.css';

/** A tab of /patent (专利管理). */
export interface PortfolioTab {
  key: string;
  label: string;
  children: ReactNode;
}

/** The tabs of /patent: 专利 first, then 非专利 (trademarks, copyrights, software copyrights recorded by hand). */
export const PORTFOLIO_TABS: PortfolioTab[] = [
  { key: 'patent', label: '专利', children: <PatentPortfolio /> },
  { key: 'nonpatent', label: '非专利', children: <NonPatentPanel /> },
];

/** /patent: the company's intellectual property, one tab per kind. */
export default function PortfolioPage() {
  const [params, setParams] = useSearchParams();
  const tab = PORTFOLIO_TABS.some((t) => t.key === params.get('tab')) ? params.get('tab')! : PORTFOLIO_TABS[0].key;
  return (
    <Tabs
      className="portfolio-tabs"
      activeKey={tab}
      items={PORTFOLIO_TABS}
      onChange={(key) => setParams(key === PORTFOLIO_TABS[0].key ? {} : { tab: key })}
    />
  );
}
