import { Card } from 'antd';
import { DescriptionText } from '../components/patent-text';
import { PatentDetailFrame } from '../components/detail-frame';

/** /instructions: the description, paragraph by paragraph. */
export default function InstructionsPage() {
  return (
    <PatentDetailFrame>
      {(p) => (
        <Card size="small" title="说明书">
          <DescriptionText text={p.description} />
        </Card>
      )}
    </PatentDetailFrame>
  );
}
