import { useState, type ReactNode } from 'react';
import { Button, Empty, Image, Space, Tag, Typography, Upload, type UploadProps } from 'antd';
import { FilePdfOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { EXPIRY_STATUS_LABELS, RECORD_FILES_MAX, type ExpiryStatus, type RecordFile } from '@ip/contract';
import { uploadFile } from '../api/http';
import { notify } from '../lib/notify';
import { acceptFor, uploadProblem } from '../lib/upload-rules';

// What the certificate and non-patent IP pages share (ADR 0021): the expiry tag, the attachments field of their
// forms, and the preview of attachments (images in antd Image, PDFs in an iframe), all through the signed links
// the detail calls hand out.

/**
 * Tag colours with text dark enough for WCAG 2.1 AA (4.5:1) on their own background: antd's preset and status
 * tags (e.g. warning #faad14 on #fffbe6, cyan #08979c on #e6fffb) are lighter than that.
 */
const TONES = {
  red: ['#a8071a', '#fff1f0', '#ffa39e'],
  orange: ['#ad4e00', '#fff7e6', '#ffd591'],
  green: ['#135200', '#f6ffed', '#b7eb8f'],
  blue: ['#003eb3', '#e6f4ff', '#91caff'],
  cyan: ['#00474f', '#e6fffb', '#87e8de'],
  purple: ['#391085', '#f9f0ff', '#d3adf7'],
  magenta: ['#9e1068', '#fff0f6', '#ffadd2'],
  gold: ['#613400', '#fffbe6', '#ffe58f'],
  gray: ['rgba(0, 0, 0, 0.88)', '#fafafa', '#d9d9d9'],
} as const;
export type Tone = keyof typeof TONES;

/** A tag in one of the accessible tones. */
export function ToneTag({ tone, children }: { tone: Tone; children: ReactNode }) {
  const [color, background, border] = TONES[tone];
  return <Tag style={{ color, background, borderColor: border }}>{children}</Tag>;
}

/** 已过期 N 天 / 剩余 N 天 / 有效 (长期有效 without a date). */
export function ExpiryTag({ status, daysLeft }: { status: ExpiryStatus; daysLeft: number | null }) {
  if (status === 'expired') return <ToneTag tone="red">{`已过期 ${-(daysLeft ?? 0)} 天`}</ToneTag>;
  if (status === 'expiring') return <ToneTag tone="orange">{daysLeft === 0 ? '今日到期' : `剩余 ${daysLeft} 天`}</ToneTag>;
  return <ToneTag tone="green">{daysLeft === null ? '长期有效' : EXPIRY_STATUS_LABELS.valid}</ToneTag>;
}

/** An attachment in a form: what the upload answered (a new one) or what the detail listed (an existing one). */
export interface FormFile {
  id: number;
  name: string;
}

const isPdf = (f: { mime: string }) => f.mime === 'application/pdf';
const isImage = (f: { mime: string }) => /^image\/(png|jpeg|gif|webp)$/.test(f.mime);

/**
 * The attachments of a record's form (value: FormFile[]): uploads a PDF or an image (5 MB) as a private document of
 * the user; a file can be removed again before saving.
 */
export function AttachmentsField({
  value = [],
  onChange,
  id,
}: {
  value?: FormFile[];
  onChange?: (v: FormFile[]) => void;
  id?: string;
}) {
  const [busy, setBusy] = useState(0);
  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = uploadProblem(file, 'file');
    if (problem) {
      notify.error(problem);
      return Upload.LIST_IGNORE;
    }
    if (value.length + busy >= RECORD_FILES_MAX) {
      notify.error(`附件最多 ${RECORD_FILES_MAX} 个`);
      return Upload.LIST_IGNORE;
    }
    return true;
  };
  const customRequest: UploadProps['customRequest'] = async ({ file, onSuccess, onError }) => {
    setBusy((n) => n + 1);
    try {
      const up = await uploadFile(file as File, 'file', { purpose: 'document' });
      onChange?.([...value, { id: up.id, name: up.name }]);
      onSuccess?.(up);
    } catch (err) {
      onError?.(err as Error);
    } finally {
      setBusy((n) => n - 1);
    }
  };
  return (
    <div>
      <Upload
        accept={acceptFor('file')}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        showUploadList={false}
        multiple
      >
        <Button id={id} icon={<UploadOutlined />} loading={busy > 0}>
          上传附件
        </Button>
      </Upload>
      <div style={{ marginTop: 4, color: 'rgba(0, 0, 0, 0.65)' }}>
        支持 PDF、图片、Word、Excel，单个文件不超过 5 MB，最多 {RECORD_FILES_MAX} 个
      </div>
      {value.length > 0 && (
        <ul aria-label="已上传的附件" style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
          {value.map((f) => (
            <li key={f.id} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <PaperClipOutlined aria-hidden />
              <Typography.Text ellipsis style={{ maxWidth: 260 }}>
                {f.name}
              </Typography.Text>
              <Button
                type="link"
                size="small"
                danger
                onClick={() => onChange?.(value.filter((x) => x.id !== f.id))}
                aria-label={`移除附件 ${f.name}`}
              >
                移除
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The attachments of a record, previewed: images in antd Image (click to enlarge), PDFs in an iframe. */
export function FilePreviews({ files }: { files: RecordFile[] }) {
  if (!files.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无附件" />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {files.map((f) => (
        <figure key={f.id} style={{ margin: 0 }}>
          {isImage(f) ? (
            <Image src={f.url} alt={f.name} width={280} style={{ maxWidth: '100%', border: '1px solid #f0f0f0' }} />
          ) : isPdf(f) ? (
            <iframe
              src={f.url}
              title={`附件预览：${f.name}`}
              style={{ width: '100%', height: 420, border: '1px solid #f0f0f0' }}
            />
          ) : null}
          <figcaption style={{ marginTop: 4 }}>
            {isPdf(f) ? <FilePdfOutlined aria-hidden /> : <PaperClipOutlined aria-hidden />}{' '}
            <a href={f.url} target="_blank" rel="noreferrer">
              {f.name}
            </a>{' '}
            <span>（{formatSize(f.size)}）</span>
          </figcaption>
        </figure>
      ))}
    </Space>
  );
}

function formatSize(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** Opens a download link (a signed export link) without leaving the page. */
export function download(url: string, name: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noreferrer';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
