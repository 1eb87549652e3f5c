import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { searchCompanies, type CompanyHit } from '../api';

/** Enterprise search (POST /v1/company/seachCompany) as a select: type part of the name, pick one. */
export function CompanyPicker({
  value,
  onChange,
  id,
}: {
  value?: number;
  onChange?: (id: number | undefined) => void;
  id?: string;
}) {
  const [keyword, setKeyword] = useState('');
  const [hits, setHits] = useState<CompanyHit[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const word = keyword.trim();
    if (!word) return;
    let live = true;
    const timer = setTimeout(() => {
      setLoading(true);
      searchCompanies(word)
        .then((rows) => {
          if (live) setHits(rows.slice(0, 50));
        })
        .catch(() => {
          if (live) setHits([]);
        })
        .finally(() => {
          if (live) setLoading(false);
        });
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [keyword]);

  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      size="large"
      placeholder="输入企业名称搜索"
      value={value}
      onChange={(v) => onChange?.(v)}
      loading={loading}
      notFoundContent={keyword.trim() ? (loading ? '搜索中…' : '未找到企业') : '请输入企业名称'}
      options={hits.map((h) => ({ value: h.id, label: h.company_name }))}
      style={{ width: '100%' }}
      allowClear
    />
  );
}
