import { useState } from 'react';
import { Button, Collapse, Grid, Typography } from 'antd';
import { FACET_KEYS, type FacetBucket, type FacetKey, type SearchFilters } from '../api';
import { FACET_LABELS } from '../search-state';

const SHOWN = 8;
const APPLICANT_TOP = 20;

function FacetValues({
  facet,
  buckets,
  active,
  onPick,
}: {
  facet: FacetKey;
  buckets: FacetBucket[];
  active?: string;
  onPick: (facet: FacetKey, value: string | undefined) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const limited = facet === 'applicant' ? buckets.slice(0, APPLICANT_TOP) : buckets;
  const shown = expanded ? limited : limited.slice(0, SHOWN);
  if (limited.length === 0) return <Typography.Text type="secondary">无</Typography.Text>;
  return (
    <ul className="search-facet-values" aria-label={FACET_LABELS[facet]}>
      {shown.map((b) => {
        const on = active === String(b.value);
        return (
          <li key={String(b.value)}>
            <button
              type="button"
              className={on ? 'search-facet-value is-active' : 'search-facet-value'}
              aria-pressed={on}
              title={on ? '再次点击取消筛选' : `按${FACET_LABELS[facet]}筛选`}
              onClick={() => onPick(facet, on ? undefined : String(b.value))}
            >
              <span className="search-facet-name">{String(b.value) || '（未知）'}</span>
              <span className="search-facet-count">{b.count}</span>
            </button>
          </li>
        );
      })}
      {limited.length > SHOWN && (
        <li>
          <Button type="link" size="small" onClick={() => setExpanded((e) => !e)} style={{ padding: 0 }}>
            {expanded ? '收起' : `更多（${limited.length - SHOWN}）`}
          </Button>
        </li>
      )}
    </ul>
  );
}

/** Facet panels (left on desktop, on top and folded on mobile); picking a value narrows the search. */
export function FacetPanel({
  facets,
  filters,
  onPick,
}: {
  facets: Partial<Record<FacetKey, FacetBucket[]>>;
  filters: SearchFilters;
  onPick: (facet: FacetKey, value: string | undefined) => void;
}) {
  const screens = Grid.useBreakpoint();
  const desktop = screens.lg !== false;
  const keys = FACET_KEYS.filter((k) => (facets[k]?.length ?? 0) > 0 || filters[k]);
  if (keys.length === 0) return null;
  return (
    <nav aria-label="筛选" className="search-facets">
      <Collapse
        key={desktop ? 'desktop' : 'mobile'}
        size="small"
        defaultActiveKey={desktop ? keys : []}
        items={keys.map((k) => ({
          key: k,
          label: FACET_LABELS[k],
          children: <FacetValues facet={k} buckets={facets[k] ?? []} active={filters[k]} onPick={onPick} />,
        }))}
      />
    </nav>
  );
}
