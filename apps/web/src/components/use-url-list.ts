// The state of a list page kept in the address (filters, sort, page, page size), so a list can be linked, reloaded and
// left with 后退; and the antd Table props that go with it. Shared by the list pages (certificates, fees, certificate
// expiry, litigation, messages) so their paging and sorting behave the same.
import type { TablePaginationConfig, TableProps } from 'antd';
import { useSearchParams } from 'react-router';

export const LIST_PAGE_SIZES = [10, 20, 50, 100];
export const LIST_DEFAULT_PAGE_SIZE = 20;

export type UrlPatch = Record<string, string | number | undefined>;

export interface UrlList {
  params: URLSearchParams;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Sets (or, for undefined and '', removes) parameters of the address. */
  update: (patch: UrlPatch) => void;
  /** antd Table pagination for `total` rows, counted in `unit` (条, 件 …). */
  pagination: (total: number | undefined, unit?: string) => TablePaginationConfig;
  /**
   * antd Table onChange for server-side sorting by a column's key: `sort` and `order` in the address (the default
   * field ascending leaves both out) and back to the first page.
   */
  onSortChange: <T>(defaultField: string) => NonNullable<TableProps<T>['onChange']>;
}

export function useUrlList(opts: { pageSizes?: number[]; defaultPageSize?: number; onUpdate?: () => void } = {}): UrlList {
  const sizes = opts.pageSizes ?? LIST_PAGE_SIZES;
  const defaultSize = opts.defaultPageSize ?? LIST_DEFAULT_PAGE_SIZE;
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = sizes.includes(Number(params.get('page_size'))) ? Number(params.get('page_size')) : defaultSize;

  const update = (patch: UrlPatch) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    opts.onUpdate?.();
    setParams(next);
  };

  return {
    params,
    page,
    pageSize,
    update,
    pagination: (total, unit = '条') => ({
      current: page,
      pageSize,
      total: total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: sizes,
      showTotal: (t) => `共 ${t} ${unit}`,
      onChange: (p, s) => update({ page: p === 1 ? undefined : p, page_size: s === defaultSize ? undefined : s }),
    }),
    onSortChange: (defaultField) => (_p, _f, sorter) => {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = s?.order ? String(s.columnKey) : undefined;
      update({
        sort: field === defaultField ? undefined : field,
        order: s?.order === 'descend' ? 'descend' : undefined,
        page: undefined,
      });
    },
  };
}
