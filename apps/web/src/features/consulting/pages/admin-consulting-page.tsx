import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Typography } from 'antd';
import { useUrlList } from '../../../components/use-url-list';
import { allQuestionsQuery } from '../api';
import { ConsultFilterBar, consultFilters } from '../components/consult-filters';
import { ConsultTable } from '../components/consult-table';
import { ConsultThreadDrawer } from '../components/consult-thread';

/** /consulting for the administrator (set B): every company's questions; answer, close, publish as a portal Q&A. */
export default function AdminConsultingPage() {
  const list = useUrlList();
  const f = consultFilters(list.params);
  const body = useMemo(
    () => ({
      page: list.page,
      page_size: list.pageSize,
      ...(f.status ? { status: f.status } : {}),
      ...(f.category ? { category: f.category } : {}),
      ...(f.keyword ? { keyword: f.keyword } : {}),
      ...(f.company ? { company: f.company } : {}),
      ...(f.from ? { date_from: f.from } : {}),
      ...(f.to ? { date_to: f.to } : {}),
    }),
    [list.page, list.pageSize, f.status, f.category, f.keyword, f.company, f.from, f.to],
  );
  const q = useQuery(allQuestionsQuery(body));
  const filtered = Boolean(f.status || f.category || f.keyword || f.company || f.from || f.to);
  return (
    <Card title="业务咨询">
      <Typography.Paragraph type="secondary">
        企业提交的咨询在此答复；回复后企业会在消息中心收到通知。已回复的咨询可公开到门户「咨询问答」。
      </Typography.Paragraph>
      <ConsultFilterBar list={list} counts={q.data?.counts} admin />
      <ConsultTable
        list={list}
        data={q.data}
        loading={q.isFetching}
        error={q.isError}
        retry={() => void q.refetch()}
        admin
        emptyText={filtered ? '没有符合条件的咨询' : '暂无企业咨询'}
      />
      <ConsultThreadDrawer id={f.id} admin onClose={() => list.update({ id: undefined })} />
    </Card>
  );
}
