import { Tag } from 'antd';
import { LABEL_HEX } from '../api';

/** A company or demand label as a solid tag in a dark shade of its colour (readable white text). */
export function LabelTag({ name, color }: { name: string; color: string }) {
  return <Tag color={LABEL_HEX[color] ?? LABEL_HEX.blue}>{name}</Tag>;
}
