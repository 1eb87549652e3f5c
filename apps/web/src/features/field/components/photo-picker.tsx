import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { Button, Progress } from 'antd';
import { CameraOutlined, DeleteOutlined } from '@ant-design/icons';
import { UPLOAD_MAX_BYTES, VISIT_PHOTOS_MAX, VISIT_PHOTO_MIMES } from '@ip/contract';
import { uploadFile } from '../../../api/http';

/** A phone photo larger than this is refused before any upload (issue 12). */
export const PHOTO_REFUSE_BYTES = 20 * 1024 * 1024;

export interface PhotoItem {
  key: string;
  name: string;
  /** Upload progress 0–100. */
  percent: number;
  /** The stored file's id once uploaded. */
  id?: number;
  error?: string;
}

/** Why a chosen file cannot be a visit photo, or null when it can (checked before upload). */
export function photoProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return '只能上传图片（JPG、PNG 或 WebP）';
  if (file.size >= PHOTO_REFUSE_BYTES) return '照片不能超过 20 MB，请重新拍摄或选择';
  if (!(VISIT_PHOTO_MIMES as readonly string[]).includes(file.type)) return '照片只能是 JPG、PNG 或 WebP 格式';
  return null;
}

/**
 * A photo over the upload limit (5 MB) is made smaller in the browser first: drawn at most 2560 px on its long side
 * and saved as JPEG. Where the browser cannot (no canvas), the original goes and the server says if it is too big.
 */
async function shrink(file: File): Promise<Blob> {
  if (file.size <= UPLOAD_MAX_BYTES || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, 2560 / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/jpeg', 0.85));
    return blob ?? file;
  } catch {
    return file;
  }
}

/**
 * Photos from the phone camera (`capture="environment"`) or the gallery: each checked, then uploaded with a progress
 * bar; `onChange` gets the list (ids once uploaded). At most VISIT_PHOTOS_MAX.
 */
export function PhotoPicker({ value, onChange }: { value: PhotoItem[]; onChange: Dispatch<SetStateAction<PhotoItem[]>> }) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const update = (key: string, patch: Partial<PhotoItem>) =>
    onChange((prev) => prev.map((p) => (p.key === key ? { ...p, ...patch } : p)));

  const handleFiles = async (files: FileList | null) => {
    setProblem(null);
    const chosen = [...(files ?? [])];
    if (input.current) input.current.value = '';
    if (!chosen.length) return;
    if (value.length + chosen.length > VISIT_PHOTOS_MAX) {
      setProblem(`照片最多 ${VISIT_PHOTOS_MAX} 张`);
      return;
    }
    for (const file of chosen) {
      const why = photoProblem(file);
      if (why) {
        setProblem(`${file.name}：${why}`);
        continue;
      }
      const key = `${Date.now()}-${Math.random()}`;
      onChange((prev) => [...prev, { key, name: file.name, percent: 0 }]);
      try {
        const blob = await shrink(file);
        const up = await uploadFile(blob, 'image', {
          fileName: blob === file ? file.name : file.name.replace(/\.\w+$/, '') + '.jpg',
          onProgress: (percent) => update(key, { percent }),
        });
        update(key, { id: up.id, percent: 100 });
      } catch (err) {
        update(key, { error: err instanceof Error ? err.message : '上传失败' });
      }
    }
  };

  return (
    <div>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        aria-label="拍照或选择照片"
        style={{ display: 'none' }}
        onChange={(e) => void handleFiles(e.target.files)}
      />
      <Button
        icon={<CameraOutlined aria-hidden />}
        size="large"
        block
        onClick={() => input.current?.click()}
        disabled={value.length >= VISIT_PHOTOS_MAX}
      >
        拍照或选择照片（{value.length}/{VISIT_PHOTOS_MAX}）
      </Button>
      {problem && (
        <div role="alert" className="ant-form-item-explain-error" style={{ marginTop: 4 }}>
          {problem}
        </div>
      )}
      {value.length > 0 && (
        <ul aria-label="照片" style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
          {value.map((p) => (
            <li key={p.key} style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 6 }}>
              <span className="field-muted" style={{ flex: 1, minWidth: 0 }}>
                {p.name}
                {p.error ? (
                  <span role="alert" style={{ color: '#cf1322', display: 'block' }}>
                    {p.error}
                  </span>
                ) : (
                  <Progress
                    percent={p.percent}
                    size="small"
                    status={p.id ? 'success' : 'active'}
                    aria-label={`${p.name} 上传进度`}
                  />
                )}
              </span>
              <Button
                aria-label={`删除照片 ${p.name}`}
                icon={<DeleteOutlined aria-hidden />}
                onClick={() => onChange((prev) => prev.filter((x) => x.key !== p.key))}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
