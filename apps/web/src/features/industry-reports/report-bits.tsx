import { useState } from 'react';
import { Button, Input, Modal, Select, Space } from 'antd';
import { REPORT_INDUSTRIES } from '@ip/contract';
import type { UrlList } from '../../components/use-url-list';

/** The filters of both report lists, kept in the address: industry, year, keyword (and the state for the administrator). */
export function reportFilters(params: URLSearchParams) {
  const year = Number(params.get('year'));
  const industry = params.get('industry') ?? '';
  return {
    industry: (REPORT_INDUSTRIES as readonly string[]).includes(industry) ? industry : '',
    year: Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : 0,
    keyword: (params.get('keyword') ?? '').slice(0, 50),
    status: params.get('status') ?? '',
  };
}

export function ReportFilterBar({ list, years, extra }: { list: UrlList; years: number[] | undefined; extra?: React.ReactNode }) {
  const f = reportFilters(list.params);
  const [keyword, setKeyword] = useState(f.keyword);
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Select
        aria-label="所属行业"
        placeholder="全部行业"
        allowClear
        style={{ width: 170 }}
        value={f.industry || undefined}
        options={REPORT_INDUSTRIES.map((v) => ({ value: v, label: v }))}
        onChange={(v?: string) => list.update({ industry: v, page: undefined })}
      />
      <Select
        aria-label="年份"
        placeholder="全部年份"
        allowClear
        style={{ width: 120 }}
        value={f.year || undefined}
        options={(years ?? []).map((y) => ({ value: y, label: `${y} 年` }))}
        onChange={(v?: number) => list.update({ year: v, page: undefined })}
      />
      {extra}
      <Input.Search
        aria-label="关键词"
        placeholder="标题或摘要关键词"
        allowClear
        style={{ width: 220 }}
        maxLength={50}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={(v) => list.update({ keyword: v.trim(), page: undefined })}
      />
    </Space>
  );
}

/** The in-page PDF preview: the signed inline link in an iframe, inside a modal. */
export function PdfPreviewModal({ preview, onClose }: { preview: { url: string; name: string } | null; onClose: () => void }) {
  return (
    <Modal
      open={Boolean(preview)}
      title={preview ? `预览：${preview.name}` : '预览'}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          关闭
        </Button>
      }
      width="min(960px, 96vw)"
      destroyOnHidden
    >
      {preview && (
        <iframe
          src={preview.url}
          title={`报告预览：${preview.name}`}
          style={{ width: '100%', height: '70vh', border: '1px solid #f0f0f0' }}
        />
      )}
    </Modal>
  );
}
