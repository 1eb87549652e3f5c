import { Tag } from 'antd';

// Shared by the result list and the detail header: one colour per legal status (DOMAIN §2) and per type.
// Maps: the values come from imported data, and a plain object would answer `constructor` with a function.
const STATUS_COLOR = new Map([
  ['审中', 'blue'],
  ['有权', 'green'],
  ['无权', 'default'],
]);
const TYPE_COLOR = new Map([
  ['发明', 'purple'],
  ['实用新型', 'cyan'],
  ['外观设计', 'orange'],
]);

/** 审中 blue, 有权 green, 无权 grey. */
export function LegalStatusTag({ status }: { status?: string | null }) {
  if (!status) return null;
  return (
    <Tag color={STATUS_COLOR.get(status) ?? 'default'} aria-label={`法律状态：${status}`}>
      {status}
    </Tag>
  );
}

export function PatentTypeTag({ type }: { type?: string | null }) {
  if (!type) return null;
  return (
    <Tag color={TYPE_COLOR.get(type) ?? 'geekblue'} aria-label={`专利类型：${type}`}>
      {type}
    </Tag>
  );
}
