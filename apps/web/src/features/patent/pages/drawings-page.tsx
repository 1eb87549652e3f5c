import { Card, Empty, Image } from 'antd';
import { PatentDetailFrame } from '../components/detail-frame';

/** /drawings: the drawings as a grid; a click opens the zoomable preview. */
export default function DrawingsPage() {
  return (
    <PatentDetailFrame>
      {(p) => (
        <Card size="small" title={`附图${p.drawings.length ? `（${p.drawings.length} 幅）` : ''}`}>
          {p.drawings.length === 0 ? (
            <Empty description="暂无附图" />
          ) : (
            <Image.PreviewGroup>
              <div className="patent-drawings">
                {p.drawings.map((src, i) => (
                  <figure key={src} className="patent-drawing" style={{ margin: 0 }}>
                    <Image src={src} alt={`附图 ${i + 1}`} />
                    <figcaption>图 {i + 1}</figcaption>
                  </figure>
                ))}
              </div>
            </Image.PreviewGroup>
          )}
        </Card>
      )}
    </PatentDetailFrame>
  );
}
