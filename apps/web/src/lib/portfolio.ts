// The company's patent portfolio calls (ADR 0020), shared by the /patent page, the /patentDetails page, the search
// results and the public detail pages (收藏 / 加入专利库 on a hit). Query keys all start with 'portfolio', so one
// invalidation after a change refreshes the tree, the list, the marks and the detail.
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  accountKindOf,
  type CategoryNode,
  type CategoryTreeReply,
  type InsertReply,
  type PatentNote,
  type PortfolioEntry,
  type PortfolioFilters,
  type PortfolioListReply,
  type PortfolioMark,
  type PortfolioSort,
  type SessionUser,
} from '@ip/contract';
import { http, post } from '../api/http';

export type { CategoryNode, CategoryTreeReply, InsertReply, PatentNote, PortfolioEntry, PortfolioMark, PortfolioSort };

const P = '/v1/frontend/patent';

/** Whether the user manages a company portfolio (a verified company user; trial users get verified first). */
export function portfolioAccess(user: SessionUser | null): 'yes' | 'verify' | 'no' {
  if (!user) return 'no';
  const kind = accountKindOf(user);
  if (kind === 'company') return 'yes';
  return kind === 'trial' ? 'verify' : 'no';
}

/** Every portfolio query, to refresh after any change. */
export const invalidatePortfolio = (client: QueryClient) => client.invalidateQueries({ queryKey: ['portfolio'] });

export const categoryTreeQuery = () =>
  queryOptions({
    queryKey: ['portfolio', 'cate'],
    queryFn: () => post<CategoryTreeReply>(`${P}/cate`, {}, { background: true }),
  });

export interface PortfolioListParams extends PortfolioFilters {
  sort?: PortfolioSort;
  page: number;
  page_size: number;
}

export const portfolioListQuery = (params: PortfolioListParams) =>
  queryOptions({
    queryKey: ['portfolio', 'list', params],
    queryFn: () => post<PortfolioListReply>(`${P}/list`, params, { background: true }),
    placeholderData: keepPreviousData,
  });

export interface PortfolioInfo {
  patent_id: number;
  title: string;
  entry: PortfolioEntry | null;
  notes: PatentNote[];
}

export const portfolioInfoQuery = (id: number) =>
  queryOptions({
    queryKey: ['portfolio', 'info', id],
    queryFn: () => post<PortfolioInfo>(`${P}/info`, { id }, { background: true }),
  });

export const portfolioMarksQuery = (ids: number[]) =>
  queryOptions({
    queryKey: ['portfolio', 'marks', ids],
    queryFn: () => post<Record<string, PortfolioMark>>(`${P}/marks`, { patent_ids: ids }, { background: true, silent: true }),
    enabled: ids.length > 0,
  });

export const createCategory = (body: { name: string; parent_id?: number }) => post<CategoryNode>(`${P}/create`, body);
export const updateCategory = (body: { id: number; name?: string; parent_id?: number; sort?: number }) =>
  post<CategoryNode>(`${P}/update`, body);
export const deleteCategory = (id: number) => post<{ categories: number; moved: number }>(`${P}/delete`, { id });
export const movePatents = (patent_ids: number[], category_id: number) =>
  post<{ updated: number }>(`${P}/update-patent-category`, { patent_ids, category_id });
export const setCore = (patent_ids: number[], is_core: 0 | 1) => post<{ updated: number }>(`${P}/core`, { patent_ids, is_core });
export const setCollected = (patent_ids: number[], collected: 0 | 1) =>
  post<{ updated: number }>(`${P}/collage`, { patent_ids, collected });
export const removePatents = (patent_ids: number[]) => post<{ updated: number }>(`${P}/remove`, { patent_ids });
export const restorePatents = (patent_ids: number[]) => post<{ updated: number }>(`${P}/restore`, { patent_ids });
export const insertNumbers = (numbers: string, category_id?: number) =>
  post<InsertReply>(`${P}/insert`, { numbers, ...(category_id ? { category_id } : {}) });
export const savePatent = (patent_id: number, category_id?: number) =>
  post<{ status: 'added' | 'exists'; msg: string }>('/v1/frontend/user/save', {
    patent_id,
    ...(category_id ? { category_id } : {}),
  });
export const createNote = (patent_id: number, content: string) => post<PatentNote>(`${P}/create-yan`, { patent_id, content });
export const deleteNote = (id: number) => post<{ id: number }>(`${P}/del_yan`, { id });

/** POST …/export: the filtered list as an .xlsx download (the server refuses more than its cap, in Chinese). */
export async function downloadPortfolio(filters: PortfolioFilters & { sort?: PortfolioSort }): Promise<void> {
  const res = await http.post<Blob>(`${P}/export`, filters, { responseType: 'blob' });
  const disposition = String(res.headers['content-disposition'] ?? '');
  const name = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name ? decodeURIComponent(name) : '专利库.xlsx';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The tree as TreeSelect / Tree data: title with count, 未分类 (0) first when asked. */
export function categoryOptions(tree: CategoryNode[], withUncategorized = false) {
  type Option = { value: number; title: string; key: number; children?: Option[] };
  const map = (nodes: CategoryNode[]): Option[] =>
    nodes.map((n) => ({ value: n.id, key: n.id, title: n.name, children: n.children.length ? map(n.children) : undefined }));
  const options = map(tree);
  return withUncategorized ? [{ value: 0, key: 0, title: '未分类' }, ...options] : options;
}
