import { useNavigate } from 'react-router';
import { Breadcrumb, Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { MENU_GROUPS, type PageDef } from '@ip/contract';
import { CompanySearch } from './company-search';

/** Pages of the /work group (sets C/D) carry the company search in their breadcrumb bar. */
export function isWorkPage(page: PageDef): boolean {
  return page.menu?.group === 'work' || page.path.startsWith('/work') || page.path === '/addWaitvisit';
}

/** Breadcrumb row: group and page title, 返回 on detail pages, company search on /work pages. */
export function BreadcrumbBar({ page }: { page: PageDef | undefined }) {
  const navigate = useNavigate();
  if (!page) return null;
  const group = page.menu?.group ? MENU_GROUPS[page.menu.group] : undefined;
  const items = [...(group && group.title !== page.title ? [{ title: group.title }] : []), { title: page.title }];
  return (
    <nav className="app-breadcrumb-bar" aria-label="面包屑">
      {page.back && (
        <Button size="small" icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(-1)}>
          返回
        </Button>
      )}
      <Breadcrumb items={items} />
      {isWorkPage(page) && <CompanySearch />}
    </nav>
  );
}
