import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { serviceCompaniesQuery } from '../api';

/** An enterprise of the caller's scope, searched by name (POST /v1/service/companies). */
export function CompanySelect({
  value,
  onChange,
  initial,
  id,
}: {
  value?: number;
  onChange?: (v: number | undefined) => void;
  initial?: { id: number; name: string };
  id?: string;
}) {
  const [keyword, setKeyword] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const h = setTimeout(() => setDebounced(keyword.trim()), 300);
    return () => clearTimeout(h);
  }, [keyword]);
  const q = useQuery(serviceCompaniesQuery({ page: 1, page_size: 20, ...(debounced ? { keyword: debounced } : {}) }));
  const options = (q.data?.list ?? []).map((c) => ({
    value: c.id,
    label: `${c.company_name}（${c.street_name || '未分街道'}）`,
  }));
  if (initial && !options.some((o) => o.value === initial.id)) options.unshift({ value: initial.id, label: initial.name });
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      placeholder="输入企业名称搜索服务范围内的企业"
      loading={q.isFetching}
      options={options}
      notFoundContent={q.isFetching ? '搜索中…' : '服务范围内没有匹配的企业'}
    />
  );
}
