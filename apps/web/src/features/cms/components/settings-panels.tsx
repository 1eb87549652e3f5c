import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Skeleton, Space, Upload, type UploadFile } from 'antd';
import { DEFAULT_SHARE, PORTAL_BANNERS_MAX, PORTAL_LINKS_MAX, type PortalSettings, type PortalSettingsBody } from '@ip/contract';
import { uploadFile } from '../../../api/http';
import { notify } from '../../../lib/notify';
import { adminSettingsQuery, CMS_KEY, saveSettingsCall } from '../api';

// /web's tabs for the portal settings (ADR 0045 §3): home banners, footer, share card. Each saves only its part.

const LINK_RULE = {
  pattern: /^(https?:\/\/|\/)/i,
  message: '链接须以 http://、https:// 或 / 开头',
};

/** One public portal image chosen through /v1/common/file (purpose portal); the value is the file id (0: none). */
function ImageField({
  value = 0,
  url,
  onChange,
  label,
}: {
  value?: number;
  url: string;
  onChange?: (id: number) => void;
  label: string;
}) {
  const [list, setList] = useState<UploadFile[]>(value ? [{ uid: String(value), name: label, status: 'done', url }] : []);
  return (
    <Upload
      listType="picture-card"
      accept="image/png,image/jpeg,image/gif,image/webp"
      maxCount={1}
      fileList={list}
      onChange={({ fileList }) => {
        setList(fileList);
        if (!fileList.length) onChange?.(0);
      }}
      customRequest={async (o) => {
        const f = o.file as File & { uid: string };
        try {
          const up = await uploadFile(f, 'image', { purpose: 'portal' });
          setList([{ uid: f.uid, name: f.name, status: 'done', url: up.url }]);
          onChange?.(up.id);
          o.onSuccess?.(up);
        } catch (e) {
          setList([]);
          o.onError?.(e as Error);
        }
      }}
    >
      {list.length ? null : (
        <button type="button" className="cms-upload-trigger" aria-label={`上传${label}`}>
          上传图片
        </button>
      )}
    </Upload>
  );
}

function useSettingsSave() {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const save = async (body: PortalSettingsBody) => {
    setBusy(true);
    try {
      await saveSettingsCall(body);
      notify.success('已保存，门户页面约 1 分钟内更新');
      await client.invalidateQueries({ queryKey: CMS_KEY });
    } catch {
      // Shown by the http layer.
    } finally {
      setBusy(false);
    }
  };
  return { busy, save };
}

function Loaded({ children }: { children: (s: PortalSettings) => React.ReactNode }) {
  const q = useQuery(adminSettingsQuery());
  if (q.isError)
    return (
      <Alert
        type="error"
        title="加载失败"
        action={
          <Button size="small" onClick={() => void q.refetch()}>
            重试
          </Button>
        }
      />
    );
  if (!q.data) return <Skeleton active />;
  return <>{children(q.data)}</>;
}

export function BannersPanel() {
  return <Loaded>{(s) => <BannersForm settings={s} />}</Loaded>;
}

function BannersForm({ settings }: { settings: PortalSettings }) {
  const [form] = Form.useForm<{ banners: { title: string; image_file_id: number; link: string }[] }>();
  const { busy, save } = useSettingsSave();
  const urls = new Map(settings.banners.map((b) => [b.image_file_id, b.image_url]));
  useEffect(() => {
    form.setFieldsValue({ banners: settings.banners.map(({ title, image_file_id, link }) => ({ title, image_file_id, link })) });
  }, [settings, form]);
  return (
    <Form form={form} layout="vertical" onFinish={(v) => save({ banners: v.banners ?? [] })} disabled={busy}>
      <Form.List name="banners">
        {(fields, { add, remove, move }) => (
          <Space direction="vertical" style={{ width: '100%' }}>
            {fields.length === 0 && <Alert type="info" title="还没有横幅，门户首页将只显示栏目内容。" />}
            {fields.map((f, i) => (
              <Card
                key={f.key}
                size="small"
                title={`横幅 ${i + 1}`}
                extra={
                  <Space size={0}>
                    <Button type="link" size="small" disabled={i === 0} onClick={() => move(i, i - 1)}>
                      上移
                    </Button>
                    <Button type="link" size="small" danger onClick={() => remove(f.name)}>
                      移除
                    </Button>
                  </Space>
                }
              >
                <Form.Item
                  name={[f.name, 'image_file_id']}
                  label="图片"
                  rules={[
                    { validator: (_r, v) => (Number(v) > 0 ? Promise.resolve() : Promise.reject(new Error('请上传横幅图片'))) },
                  ]}
                >
                  <ImageField
                    label="横幅图片"
                    url={urls.get(Number(form.getFieldValue(['banners', f.name, 'image_file_id']))) ?? ''}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'title']} label="标题" rules={[{ max: 50, message: '横幅标题不能超过 50 个字' }]}>
                  <Input maxLength={50} />
                </Form.Item>
                <Form.Item name={[f.name, 'link']} label="链接" rules={[LINK_RULE]}>
                  <Input placeholder="/web/news/details?id=1 或 https://…" maxLength={300} />
                </Form.Item>
              </Card>
            ))}
            <Space wrap>
              <Button
                disabled={fields.length >= PORTAL_BANNERS_MAX}
                onClick={() => add({ title: '', image_file_id: 0, link: '' })}
              >
                添加横幅（最多 {PORTAL_BANNERS_MAX} 个）
              </Button>
              <Button type="primary" htmlType="submit" loading={busy}>
                保存横幅
              </Button>
            </Space>
          </Space>
        )}
      </Form.List>
    </Form>
  );
}

export function FooterPanel() {
  return <Loaded>{(s) => <FooterForm settings={s} />}</Loaded>;
}

function FooterForm({ settings }: { settings: PortalSettings }) {
  const [form] = Form.useForm<{ footer_links: { title: string; link: string }[]; footer_text: string }>();
  const { busy, save } = useSettingsSave();
  useEffect(() => {
    form.setFieldsValue({ footer_links: settings.footer_links, footer_text: settings.footer_text });
  }, [settings, form]);
  return (
    <Form
      form={form}
      layout="vertical"
      disabled={busy}
      onFinish={(v) => save({ footer_links: v.footer_links ?? [], footer_text: v.footer_text ?? '' })}
    >
      <Form.List name="footer_links">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f, i) => (
              <Space key={f.key} wrap align="start">
                <Form.Item
                  name={[f.name, 'title']}
                  label={`链接 ${i + 1} 名称`}
                  rules={[
                    { required: true, whitespace: true, message: '请输入链接名称' },
                    { max: 30, message: '链接名称不能超过 30 个字' },
                  ]}
                >
                  <Input maxLength={30} />
                </Form.Item>
                <Form.Item name={[f.name, 'link']} label={`链接 ${i + 1} 地址`} rules={[LINK_RULE]}>
                  <Input maxLength={300} style={{ width: 'min(320px, 80vw)' }} />
                </Form.Item>
                <Form.Item label=" ">
                  <Button danger onClick={() => remove(f.name)} aria-label={`移除链接 ${i + 1}`}>
                    移除
                  </Button>
                </Form.Item>
              </Space>
            ))}
            <Form.Item>
              <Button disabled={fields.length >= PORTAL_LINKS_MAX} onClick={() => add({ title: '', link: '' })}>
                添加链接
              </Button>
            </Form.Item>
          </>
        )}
      </Form.List>
      <Form.Item
        name="footer_text"
        label="页脚文字"
        extra="如主办单位、地址、备案号"
        rules={[{ max: 300, message: '页脚文字不能超过 300 个字' }]}
      >
        <Input.TextArea rows={3} maxLength={300} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        保存页脚
      </Button>
    </Form>
  );
}

export function SharePanel() {
  return <Loaded>{(s) => <ShareForm settings={s} />}</Loaded>;
}

function ShareForm({ settings }: { settings: PortalSettings }) {
  const [form] = Form.useForm<{ title: string; description: string; link: string; image_file_id: number }>();
  const { busy, save } = useSettingsSave();
  useEffect(() => {
    form.setFieldsValue(settings.share);
  }, [settings, form]);
  return (
    <Form
      form={form}
      layout="vertical"
      disabled={busy}
      onFinish={(v) => save({ share: { ...v, image_file_id: v.image_file_id ?? 0 } })}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="门户每个页面的分享卡片（Open Graph 与微信分享）使用这些设置；文章详情页使用文章自己的标题、摘要和封面。留空时使用默认值。"
      />
      <Form.Item
        name="title"
        label="分享标题"
        extra={`默认：${DEFAULT_SHARE.title}`}
        rules={[{ max: 50, message: '分享标题不能超过 50 个字' }]}
      >
        <Input maxLength={50} placeholder={DEFAULT_SHARE.title} />
      </Form.Item>
      <Form.Item
        name="description"
        label="分享描述"
        extra={`默认：${DEFAULT_SHARE.description}`}
        rules={[{ max: 120, message: '分享描述不能超过 120 个字' }]}
      >
        <Input.TextArea rows={2} maxLength={120} placeholder={DEFAULT_SHARE.description} />
      </Form.Item>
      <Form.Item name="link" label="分享链接" extra={`默认：${DEFAULT_SHARE.link}`} rules={[LINK_RULE]}>
        <Input maxLength={300} placeholder={DEFAULT_SHARE.link} />
      </Form.Item>
      <Form.Item name="image_file_id" label="分享图片" extra="建议 300×300 以上的正方形图片">
        <ImageField label="分享图片" url={settings.share.image_url} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        保存分享设置
      </Button>
    </Form>
  );
}
