import { useState } from 'react';
import { Card, Empty, Segmented, Tag, Timeline, Typography } from 'antd';
import { LegalStatusTag } from '../../../components/patent-tags';
import { PatentDetailFrame } from '../components/detail-frame';
import type { LegalEvent } from '../api';

type Order = 'desc' | 'asc';

/** The dated legal events as a timeline, newest or oldest first. */
export function Events({ events }: { events: LegalEvent[] }) {
  const [order, setOrder] = useState<Order>('desc');
  const sorted = [...events].sort((a, b) => (order === 'desc' ? b.date.localeCompare(a.date) : a.date.localeCompare(b.date)));
  return (
    <>
      <Segmented<Order>
        value={order}
        onChange={setOrder}
        options={[
          { value: 'desc', label: '最新在前' },
          { value: 'asc', label: '最早在前' },
        ]}
        style={{ marginBottom: 16 }}
        aria-label="排序"
      />
      <Timeline
        items={sorted.map((e, i) => ({
          key: `${e.date}-${e.code}-${i}`,
          content: (
            <div>
              <Typography.Text strong>{e.date || '日期不详'}</Typography.Text>
              {e.code && (
                <Tag style={{ marginLeft: 8 }} color="default">
                  {e.code}
                </Tag>
              )}
              <div>{e.text}</div>
            </div>
          ),
        }))}
      />
    </>
  );
}

/** /law: the dated legal events (the source of the status) as a timeline; kept alive between the detail tabs. */
export default function LawPage() {
  return (
    <PatentDetailFrame>
      {(p) => (
        <Card
          size="small"
          title="法律信息"
          extra={
            <span>
              当前法律状态：
              <LegalStatusTag status={p.legal_status} />
            </span>
          }
        >
          {p.legal_events.length === 0 ? <Empty description="暂无法律事件" /> : <Events events={p.legal_events} />}
        </Card>
      )}
    </PatentDetailFrame>
  );
}
