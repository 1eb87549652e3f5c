import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AutoComplete, Input } from 'antd';
import { COMPANY_SEARCH_CAP, COMPANY_SEARCH_DELAY_MS, type CompanySearchItem } from '@ip/contract';
import { ApiError, post } from '../api/http';
import { notify } from '../lib/notify';

export const COMPANY_SEARCH_PATH = '/v1/company/seachCompany';

/** The URL of the enterprise visit page for a chosen company. */
export function enterpriseVisitUrl(item: Pick<CompanySearchItem, 'id' | 'company_name'>): string {
  const q = new URLSearchParams({ company_id: String(item.id), company_name: item.company_name });
  return `/workEnterprisevisit?${q.toString()}`;
}

type Option = { value: string; key: string; label: React.ReactNode; item: CompanySearchItem };

/** The dropdown options for a reply: at most COMPANY_SEARCH_CAP (1000) companies are kept. */
export function toOptions(list: unknown): Option[] {
  const items = Array.isArray(list) ? (list as CompanySearchItem[]).slice(0, COMPANY_SEARCH_CAP) : [];
  return items.map((item) => ({
    value: item.company_name,
    key: String(item.id),
    item,
    label: (
      <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <span>{item.company_name}</span>
        <span style={{ color: '#666' }}>{item.num}</span>
      </span>
    ),
  }));
}

/**
 * Company-name search of the /work breadcrumb bar (spec §2, §5): typing searches after 500 ms of quiet,
 * at most 1000 results are kept, the 搜索 button with an empty name warns '请输入公司名称',
 * choosing a result opens /workEnterprisevisit?company_id=…&company_name=….
 */
export function CompanySearch() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [options, setOptions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [searching, setSearching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      inFlight.current?.abort();
    },
    [],
  );

  const runSearch = async (keyword: string) => {
    inFlight.current?.abort();
    const ctrl = new AbortController();
    inFlight.current = ctrl;
    setSearching(true);
    try {
      // A background call: typing must not flash the full-screen loading overlay.
      const list = await post<CompanySearchItem[]>(
        COMPANY_SEARCH_PATH,
        { keword: keyword },
        { background: true, signal: ctrl.signal },
      );
      setOptions(toOptions(list));
      setOpen(true);
    } catch (err) {
      if (!(err instanceof ApiError && err.kind === 'cancel')) setOptions([]);
    } finally {
      if (inFlight.current === ctrl) {
        inFlight.current = null;
        setSearching(false);
      }
    }
  };

  const handleChange = (next: string) => {
    setValue(next);
    clearTimeout(timer.current);
    const keyword = next.trim();
    if (!keyword) {
      inFlight.current?.abort();
      setOptions([]);
      return;
    }
    timer.current = setTimeout(() => void runSearch(keyword), COMPANY_SEARCH_DELAY_MS);
  };

  const handleSearch = () => {
    const keyword = value.trim();
    if (!keyword) {
      notify.warning('请输入公司名称');
      return;
    }
    clearTimeout(timer.current);
    void runSearch(keyword);
  };

  const handleSelect = (_value: string, option: Option) => {
    setOpen(false);
    navigate(enterpriseVisitUrl(option.item));
  };

  return (
    <div className="app-company-search">
      <AutoComplete<string, Option>
        style={{ width: '100%' }}
        value={value}
        options={options}
        open={open && options.length > 0}
        onOpenChange={setOpen}
        onChange={handleChange}
        onSelect={handleSelect}
        notFoundContent={searching ? '搜索中…' : null}
      >
        <Input.Search
          aria-label="公司名称"
          placeholder="请输入公司名称"
          enterButton="搜索"
          loading={searching}
          onSearch={(_v, _e, info) => {
            // Clearing with the × also fires onSearch; only the button and Enter count as a search.
            if (info?.source === 'clear') return;
            handleSearch();
          }}
        />
      </AutoComplete>
    </div>
  );
}
