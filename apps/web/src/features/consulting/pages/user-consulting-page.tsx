import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Select, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  CONSULT_CATEGORIES,
  CONSULT_CATEGORY_LABELS,
  CONSULT_TEXT_MAX,
  CONSULT_TITLE_MAX,
  type ConsultCategory,
} from '@ip/contract';
import { AttachmentsField, type FormFile } from '../../../components/record-files';
import { useUrlList } from '../../../components/use-url-list';
import { notify } from '../../../lib/notify';
import { askCall, myQuestionsQuery, refreshConsulting } from '../api';
import { ConsultFilterBar, consultFilters } from '../components/consult-filters';
import { ConsultTable } from '../components/consult-table';
import { ConsultThreadDrawer } from '../components/consult-thread';

interface AskForm {
  category: ConsultCategory;
  title: string;
  content: string;
  files: FormFile[];
}

/** /UserConsulting and /consulting for companies (set A): ask a question, follow its thread. */
export default function UserConsultingPage() {
  const list = useUrlList();
  const f = consultFilters(list.params);
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [form] = Form.useForm<AskForm>();
  const body = useMemo(
    () => ({
      page: list.page,
      page_size: list.pageSize,
      ...(f.status ? { status: f.status } : {}),
      ...(f.category ? { category: f.category } : {}),
      ...(f.keyword ? { keyword: f.keyword } : {}),
      ...(f.from ? { date_from: f.from } : {}),
      ...(f.to ? { date_to: f.to } : {}),
    }),
    [list.page, list.pageSize, f.status, f.category, f.keyword, f.from, f.to],
  );
  const q = useQuery(myQuestionsQuery(body));
  const ask = useMutation({
    mutationFn: (v: AskForm) =>
      askCall({
        category: v.category,
        title: v.title.trim(),
        content: v.content.trim(),
        file_ids: (v.files ?? []).map((x) => x.id),
      }),
    onSuccess: async (r) => {
      notify.success('咨询已提交，服务中心答复后将通过消息中心通知您');
      setAsking(false);
      form.resetFields();
      await refreshConsulting(client);
      list.update({ id: r.id, page: undefined, status: undefined });
    },
  });
  const filtered = Boolean(f.status || f.category || f.keyword || f.from || f.to);
  return (
    <Card
      title="业务咨询"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAsking(true)}>
          我要咨询
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        专利、商标、版权、知识产权保护与政策申报等问题可在此向知识产权服务中心咨询，答复会通知到消息中心。
      </Typography.Paragraph>
      <ConsultFilterBar list={list} counts={q.data?.counts} admin={false} />
      <ConsultTable
        list={list}
        data={q.data}
        loading={q.isFetching}
        error={q.isError}
        retry={() => void q.refetch()}
        admin={false}
        emptyText={filtered ? '没有符合条件的咨询' : '暂无咨询，点击「我要咨询」提出您的问题'}
      />
      <ConsultThreadDrawer id={f.id} admin={false} onClose={() => list.update({ id: undefined })} />
      <Modal
        open={asking}
        title="我要咨询"
        okText="提交"
        cancelText="取消"
        confirmLoading={ask.isPending}
        onOk={() => form.submit()}
        onCancel={() => setAsking(false)}
        destroyOnHidden
      >
        <Form<AskForm> form={form} layout="vertical" initialValues={{ files: [] }} onFinish={(v) => ask.mutate(v)}>
          <Form.Item name="category" label="咨询类别" rules={[{ required: true, message: '请选择咨询类别' }]}>
            <Select
              placeholder="请选择"
              options={CONSULT_CATEGORIES.map((c) => ({ value: c, label: CONSULT_CATEGORY_LABELS[c] }))}
            />
          </Form.Item>
          <Form.Item name="title" label="咨询标题" rules={[{ required: true, whitespace: true, message: '请填写咨询标题' }]}>
            <Input maxLength={CONSULT_TITLE_MAX} showCount />
          </Form.Item>
          <Form.Item name="content" label="咨询内容" rules={[{ required: true, whitespace: true, message: '请填写咨询内容' }]}>
            <Input.TextArea rows={5} maxLength={CONSULT_TEXT_MAX} showCount />
          </Form.Item>
          <Form.Item name="files" label="附件">
            <AttachmentsField />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
