// pagedLegend: every chart's legend pages on one line instead of wrapping over the plot (phones), unless a page chose
// a legend type itself.
import { describe, expect, it } from 'vitest';
import { pagedLegend } from './echart';

describe('pagedLegend', () => {
  it('makes a legend of one paging line, keeping its other settings', () => {
    expect(pagedLegend({ legend: { top: 0 }, series: [] })).toEqual({ legend: { type: 'scroll', top: 0 }, series: [] });
    expect(pagedLegend({ legend: [{ bottom: 0 }, { top: 0, type: 'plain' }] }).legend).toEqual([
      { type: 'scroll', bottom: 0 },
      { top: 0, type: 'plain' },
    ]);
  });

  it('leaves an option without a legend as it is', () => {
    const option = { series: [{ type: 'pie', data: [] }] };
    expect(pagedLegend(option)).toBe(option);
  });
});
