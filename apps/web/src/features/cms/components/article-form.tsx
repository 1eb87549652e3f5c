import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Drawer, Empty, Form, Input, Select, Skeleton, Space, Switch, Upload, type UploadFile } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { channelOf, PORTAL_CHANNELS, type ArticleDetail, type ArticleSaveBody } from '@ip/contract';
import { uploadFile } from '../../../api/http';
import { notify } from '../../../lib/notify';
import { adminArticleQuery, publishArticleCall, saveArticleCall } from '../api';

// The article form of /web and /news: fields, cover, attachments and the rich-text body (its own lazy chunk).

const RichEditor = lazy(() => import('./rich-editor'));

interface Values {
  channel: string;
  title: string;
  summary: string;
  source: string;
  author: string;
  pinned: boolean;
  issuer: string;
  effective_date: Dayjs | null;
  publish_at: Dayjs | null;
  body: string;
}

type Uploaded = UploadFile & { fileId?: number };
const asUpload = (id: number, name: string, url: string): Uploaded => ({
  uid: String(id),
  name,
  url,
  status: 'done',
  fileId: id,
});

export function ArticleFormDrawer({
  id,
  channel,
  channels,
  onClose,
  onSaved,
}: {
  /** 0 opens a new article. */
  id: number;
  channel: string;
  channels: typeof PORTAL_CHANNELS;
  onClose: () => void;
  /** After a save: the saved article and what the user asked for next. */
  onSaved: (a: ArticleDetail, then: 'stay' | 'preview' | 'published') => void;
}) {
  const q = useQuery(adminArticleQuery(id));
  if (id > 0 && !q.data) {
    return (
      <Drawer open title="编辑文章" size="min(960px, 100vw)" onClose={onClose}>
        {q.isError ? <Empty description="文章不存在或已删除" /> : <Skeleton active paragraph={{ rows: 8 }} />}
      </Drawer>
    );
  }
  return (
    <ArticleForm key={id} id={id} article={q.data} channel={channel} channels={channels} onClose={onClose} onSaved={onSaved} />
  );
}

function ArticleForm({
  id,
  article: editing,
  channel,
  channels,
  onClose,
  onSaved,
}: {
  id: number;
  article: ArticleDetail | undefined;
  channel: string;
  channels: typeof PORTAL_CHANNELS;
  onClose: () => void;
  onSaved: (a: ArticleDetail, then: 'stay' | 'preview' | 'published') => void;
}) {
  const [form] = Form.useForm<Values>();
  const [cover, setCover] = useState<Uploaded[]>(
    editing?.cover_file_id ? [asUpload(editing.cover_file_id, '封面', editing.cover_url)] : [],
  );
  const [files, setFiles] = useState<Uploaded[]>((editing?.attachments ?? []).map((f) => asUpload(f.id, f.name, f.url)));
  const [busy, setBusy] = useState(false);
  const chosen = Form.useWatch('channel', form) as string | undefined;
  const policy = Boolean(channelOf(chosen ?? editing?.channel ?? channel)?.policy);
  const initial: Values = {
    channel: editing?.channel ?? channel,
    title: editing?.title ?? '',
    summary: editing?.summary ?? '',
    source: editing?.source ?? '',
    author: editing?.author ?? '',
    pinned: editing?.pinned ?? false,
    issuer: editing?.issuer ?? '',
    effective_date: editing?.effective_date ? dayjs(editing.effective_date) : null,
    publish_at: editing?.publish_at ? dayjs(editing.publish_at) : null,
    body: editing?.body ?? '',
  };

  const submit = async (then: 'stay' | 'preview' | 'publish') => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if ([...cover, ...files].some((f) => f.status === 'uploading')) {
      notify.warning('文件还在上传，请稍候');
      return;
    }
    const body: ArticleSaveBody = {
      ...(id ? { id } : {}),
      channel: v.channel,
      title: v.title,
      summary: v.summary ?? '',
      source: v.source ?? '',
      author: v.author ?? '',
      body: v.body ?? '',
      pinned: Boolean(v.pinned),
      cover_file_id: cover[0]?.fileId ?? 0,
      attachments: files.flatMap((f) => (f.fileId ? [f.fileId] : [])),
      issuer: v.issuer ?? '',
      effective_date: v.effective_date ? v.effective_date.format('YYYY-MM-DD') : '',
    };
    setBusy(true);
    try {
      let saved = await saveArticleCall(body);
      if (then === 'publish') {
        saved = await publishArticleCall(saved.id, v.publish_at ? v.publish_at.toISOString() : '');
        notify.success(v.publish_at && v.publish_at.isAfter(dayjs()) ? '已保存，将按发布时间定时发布' : '已发布');
        onSaved(saved, 'published');
      } else {
        notify.success('已保存');
        onSaved(saved, then);
      }
    } catch {
      // Shown by the http layer; nothing else changes.
    } finally {
      setBusy(false);
    }
  };

  const uploader = (kind: 'image' | 'file', set: React.Dispatch<React.SetStateAction<Uploaded[]>>) => ({
    customRequest: async (o: { file: unknown; onSuccess?: (r: unknown) => void; onError?: (e: Error) => void }) => {
      const f = o.file as File & { uid: string };
      try {
        const up = await uploadFile(f, kind, { purpose: kind === 'image' ? 'portal' : 'document' });
        set((list) => list.map((x) => (x.uid === f.uid ? { ...x, status: 'done', url: up.url, fileId: up.id } : x)));
        o.onSuccess?.(up);
      } catch (e) {
        set((list) => list.filter((x) => x.uid !== f.uid));
        o.onError?.(e as Error);
      }
    },
  });

  return (
    <Drawer
      open
      title={id ? `编辑文章${editing ? `：${editing.title}` : ''}` : '新建文章'}
      size="min(960px, 100vw)"
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space wrap>
          <Button onClick={() => void submit('stay')} loading={busy}>
            保存草稿
          </Button>
          <Button onClick={() => void submit('preview')} loading={busy}>
            保存并预览
          </Button>
          <Button type="primary" onClick={() => void submit('publish')} loading={busy}>
            {editing?.status === 'published' ? '保存' : '保存并发布'}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" requiredMark="optional" disabled={busy} initialValues={initial}>
        <Form.Item name="channel" label="栏目" rules={[{ required: true, message: '请选择栏目' }]}>
          <Select options={channels.map((c) => ({ value: c.key, label: c.name }))} />
        </Form.Item>
        <Form.Item
          name="title"
          label="标题"
          rules={[
            { required: true, whitespace: true, message: '请输入标题' },
            { max: 100, message: '标题不能超过 100 个字' },
          ]}
        >
          <Input maxLength={100} showCount />
        </Form.Item>
        <Form.Item
          name="summary"
          label="摘要"
          extra="不填时取正文开头 120 字"
          rules={[{ max: 300, message: '摘要不能超过 300 个字' }]}
        >
          <Input.TextArea rows={2} maxLength={300} showCount />
        </Form.Item>
        <Space wrap size="middle" style={{ width: '100%' }}>
          <Form.Item name="source" label="来源" rules={[{ max: 50, message: '来源不能超过 50 个字' }]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="author" label="作者" rules={[{ max: 50, message: '作者不能超过 50 个字' }]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="publish_at" label="发布时间" extra="不填为发布时的当前时间；晚于现在则定时发布">
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder="选择发布时间" />
          </Form.Item>
          <Form.Item name="pinned" label="置顶" valuePropName="checked">
            <Switch checkedChildren="是" unCheckedChildren="否" />
          </Form.Item>
        </Space>
        {policy && (
          <Space wrap size="middle" style={{ width: '100%' }}>
            <Form.Item name="issuer" label="发布机关" rules={[{ max: 50, message: '发布机关不能超过 50 个字' }]}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="effective_date" label="生效日期">
              <DatePicker placeholder="选择日期" />
            </Form.Item>
          </Space>
        )}
        <Form.Item label="封面图片" extra="列表和分享卡片使用；PNG、JPG、GIF、WebP，5 MB 以内">
          <Upload
            listType="picture-card"
            accept="image/png,image/jpeg,image/gif,image/webp"
            maxCount={1}
            fileList={cover}
            onChange={({ fileList }) => setCover(fileList as Uploaded[])}
            {...uploader('image', setCover)}
          >
            {cover.length ? null : (
              <button type="button" className="cms-upload-trigger">
                上传封面
              </button>
            )}
          </Upload>
        </Form.Item>
        <Form.Item label="附件" extra="PDF、图片、Word、Excel，最多 10 个">
          <Upload
            multiple
            maxCount={10}
            fileList={files}
            onChange={({ fileList }) => setFiles(fileList as Uploaded[])}
            {...uploader('file', setFiles)}
          >
            <Button>上传附件</Button>
          </Upload>
        </Form.Item>
        <Form.Item name="body" label="正文">
          <BodyField />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/** Bridges the form field to the lazily loaded editor (Form.Item passes value/onChange to its only child). */
function BodyField({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichEditor value={value} onChange={onChange} />
    </Suspense>
  );
}
