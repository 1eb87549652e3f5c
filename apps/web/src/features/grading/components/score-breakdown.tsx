import { Descriptions, Tag, Typography } from 'antd';
import { SCORE_PARTS, SCORE_PART_LABELS, type Grade, type RankingRow, type ScoreWeights } from '@ip/contract';

/** Solid tag colours with white text at ≥ 4.5:1 (WCAG AA). */
export const GRADE_COLORS: Record<Grade, string> = { A: '#0958d9', B: '#237804', C: '#ad4e00', D: '#595959' };

export function GradeTag({ grade }: { grade: Grade }) {
  return (
    <Tag variant="solid" color={GRADE_COLORS[grade]} style={{ fontWeight: 600 }} aria-label={`${grade} 级`}>
      {grade}
    </Tag>
  );
}

/** How a score was made: each part's count × weight, and the sum (litigation subtracted). */
export function ScoreBreakdown({ row, weights }: { row: RankingRow; weights: ScoreWeights }) {
  return (
    <div aria-label={`${row.company_name} 得分构成`}>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, md: 2, lg: 4, xl: 4, xxl: 4 }}
        items={SCORE_PARTS.map((p) => {
          const points = row.counts[p] * weights[p] * (p === 'litigation' ? -1 : 1);
          return {
            key: p,
            label: SCORE_PART_LABELS[p],
            children: `${row.counts[p]} × ${weights[p]} = ${points}`,
          };
        })}
      />
      <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>
        合计 <Typography.Text strong>{row.score}</Typography.Text> 分
        {SCORE_PARTS.filter((p) => row.counts[p] > 0).length === 0 ? '（暂无计分项）' : ''}
      </Typography.Paragraph>
    </div>
  );
}
