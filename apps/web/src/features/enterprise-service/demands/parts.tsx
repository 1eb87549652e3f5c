import { Timeline, Typography } from 'antd';
import { DEMAND_LIGHT_LABELS, type DemandLightCode, type DemandStepRow } from '@ip/contract';
import { ToneTag, type Tone } from '../../../components/record-files';
import { chinaMinute } from '../../../lib/china-time';

const LIGHT_TONE: Record<DemandLightCode, Tone> = { red: 'red', yellow: 'gold', green: 'green' };

/** A demand's light as a tag with its words (never colour alone). */
export function LightTag({ light }: { light: DemandLightCode | null }) {
  if (!light) return <span aria-label="无灯色">—</span>;
  return <ToneTag tone={LIGHT_TONE[light]}>{DEMAND_LIGHT_LABELS[light]}</ToneTag>;
}

/** The loop's history: who did what and when. */
export function StepTimeline({ steps }: { steps: DemandStepRow[] }) {
  return (
    <Timeline
      items={steps.map((s) => ({
        key: s.id,
        content: (
          <div>
            <Typography.Text strong>{s.step_label}</Typography.Text>
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {s.actor_name} · {chinaMinute(s.created_at)}
            </Typography.Text>
            {s.note && <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{s.note}</div>}
          </div>
        ),
      }))}
    />
  );
}
