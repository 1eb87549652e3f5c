import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { COMPANY_SEARCH_DELAY_MS } from '@ip/contract';
import { companyOptionsQuery } from '../api';

interface Props {
  id?: string;
  value?: number;
  onChange?: (id: number | undefined) => void;
  /** Shown for the current value before any search (an existing user's company). */
  initialLabel?: string;
  'aria-label'?: string;
}

/** Picks an existing company by part of its name or the start of its credit code (news/user/companies). */
export function CompanySelect({ id, value, onChange, initialLabel, ...rest }: Props) {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), COMPANY_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const q = useQuery(companyOptionsQuery(keyword));
  const options = (q.data ?? []).map((c) => ({
    value: c.id,
    label: c.credit_code ? `${c.company_name}（${c.credit_code}）` : c.company_name,
  }));
  if (value && initialLabel && !options.some((o) => o.value === value)) options.unshift({ value, label: initialLabel });
  return (
    <Select
      id={id}
      aria-label={rest['aria-label']}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      placeholder="输入公司名称或统一社会信用代码查找"
      notFoundContent={q.isFetching ? <Spin size="small" /> : '没有找到企业，可改为“新建企业”'}
      options={options}
    />
  );
}
