import type { ReactNode } from 'react';
import { Tabs } from 'antd';
import { PatentPortfolio } from '../components/patent-portfolio';
import '../portfolio.css';

/** A tab of /patent (专利管理). */
export interface PortfolioTab {
  key: string;
  label: string;
  children: ReactNode;
}

/**
 * The tabs of /patent, 专利 first. The 非专利 tab (trademarks, copyrights) joins with one line here:
 * `{ key: 'nonpatent', label: '非专利', children: <NonPatentPortfolio /> }`.
 */
export const PORTFOLIO_TABS: PortfolioTab[] = [{ key: 'patent', label: '专利', children: <PatentPortfolio /> }];

/** /patent: the company's intellectual property, one tab per kind. */
export default function PortfolioPage() {
  return <Tabs className="portfolio-tabs" defaultActiveKey={PORTFOLIO_TABS[0].key} items={PORTFOLIO_TABS} />;
}
