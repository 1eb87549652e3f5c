import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  GradeCounts,
  GradeThresholds,
  RankingList,
  RankingListBody,
  ScoreSettings,
  ScoreSettingsBody,
  ScoreWeights,
} from '@ip/contract';
import { http, post } from '../../api/http';

// Grading and ranking (issue 12, ADR 0043): /workCompany and /workTobear.

export const GRADING_KEY = ['grading'] as const;

export const rankingQuery = (params: RankingListBody) =>
  queryOptions({
    queryKey: [...GRADING_KEY, 'ranking', params],
    queryFn: () => post<RankingList>('/v1/service/ranking', params, { background: true }),
    placeholderData: keepPreviousData,
  });

export interface GradesAnswer {
  counts: GradeCounts;
  total: number;
  weights: ScoreWeights;
  thresholds: GradeThresholds;
}
export const gradesQuery = () =>
  queryOptions({
    queryKey: [...GRADING_KEY, 'grades'],
    queryFn: () => post<GradesAnswer>('/v1/service/grades', {}, { background: true }),
  });

export const scoreSettingsQuery = () =>
  queryOptions({
    queryKey: [...GRADING_KEY, 'settings'],
    queryFn: () => post<ScoreSettings>('/v1/service/score/settings', {}, { silent: true }),
  });
export const saveScoreCall = (body: ScoreSettingsBody) =>
  post<ScoreSettings & { counts: GradeCounts; total: number }>('/v1/service/score/save', body);
export const previewScoreCall = (body: ScoreSettingsBody) =>
  post<{ counts: GradeCounts; total: number }>('/v1/service/score/preview', body, { silent: true });

/** POST /v1/service/ranking/export: the filtered ranking as an .xlsx download. */
export async function downloadRanking(filters: Omit<RankingListBody, 'page' | 'page_size'>): Promise<void> {
  const res = await http.post<Blob>('/v1/service/ranking/export', filters, { responseType: 'blob' });
  const disposition = String(res.headers['content-disposition'] ?? '');
  const name = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name ? decodeURIComponent(name) : '企业排名.xlsx';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
