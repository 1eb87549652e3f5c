import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Form, InputNumber, Row, Skeleton, Space, Typography } from 'antd';
import {
  DEFAULT_GRADE_THRESHOLDS,
  DEFAULT_SCORE_WEIGHTS,
  GRADES,
  GRADE_THRESHOLD_MAX,
  SCORE_PARTS,
  SCORE_PART_LABELS,
  SCORE_WEIGHT_MAX,
  type GradeCounts,
  type GradeThresholds,
  type ScoreWeights,
} from '@ip/contract';
import { notify } from '../../../lib/notify';
import { GRADING_KEY, previewScoreCall, saveScoreCall, scoreSettingsQuery } from '../api';

interface Values {
  weights: ScoreWeights;
  thresholds: GradeThresholds;
}

/** 评分规则: the weights and grade thresholds; the main account edits them (with a preview), staff read them. */
export function ScoreSettingsForm({ editable }: { editable: boolean }) {
  const q = useQuery(scoreSettingsQuery());
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [preview, setPreview] = useState<GradeCounts | null>(null);
  useEffect(() => {
    if (q.data) form.setFieldsValue({ weights: q.data.weights, thresholds: q.data.thresholds });
  }, [q.data, form]);
  const save = useMutation({
    mutationFn: (v: Values) => saveScoreCall(v),
    onSuccess: async (r) => {
      setPreview(r.counts);
      notify.success('评分规则已保存，企业等级和排名已按新规则计算');
      await queryClient.invalidateQueries({ queryKey: GRADING_KEY });
    },
  });
  const previewing = useMutation({
    mutationFn: (v: Values) => previewScoreCall(v),
    onSuccess: (r) => setPreview(r.counts),
    onError: (err) => notify.error(err instanceof Error ? err.message : '预览失败'),
  });

  if (q.isPending) return <Skeleton active paragraph={{ rows: 6 }} aria-label="正在加载评分规则" />;
  if (q.isError) return <Alert type="error" showIcon title="评分规则加载失败" />;

  const thresholdRule = (g: 'a' | 'b' | 'c') => ({
    validator: async (_r: unknown, v: number | null | undefined) => {
      const t = form.getFieldValue('thresholds') as Partial<GradeThresholds>;
      if (g === 'a' && v != null && t.b != null && v <= t.b) throw new Error('A 级分数线须高于 B 级');
      if (g === 'b' && v != null && t.c != null && v <= t.c) throw new Error('B 级分数线须高于 C 级');
    },
  });
  const numberRules = (what: string, max: number) => [
    { required: true, message: `请输入${what}` },
    { type: 'integer' as const, min: 0, max, message: `${what}须为 0–${max} 的整数` },
  ];

  return (
    <Form<Values>
      form={form}
      name="score-settings"
      layout="vertical"
      requiredMark={false}
      disabled={!editable}
      onFinish={(v) => save.mutate(v)}
      onValuesChange={() => setPreview(null)}
    >
      {!editable && <Alert type="info" showIcon style={{ marginBottom: 16 }} title="评分规则由企业服务主账号设置，员工只读" />}
      <Typography.Title level={5}>各项权重（每项计分 = 数量 × 权重）</Typography.Title>
      <Row gutter={16}>
        {SCORE_PARTS.map((p) => (
          <Col xs={24} sm={12} md={8} lg={6} key={p}>
            <Form.Item
              label={SCORE_PART_LABELS[p]}
              name={['weights', p]}
              rules={numberRules(`${SCORE_PART_LABELS[p]}权重`, SCORE_WEIGHT_MAX)}
            >
              <InputNumber min={0} max={SCORE_WEIGHT_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Typography.Title level={5}>分级分数线（A &gt; B &gt; C，低于 C 级分数线为 D 级）</Typography.Title>
      <Row gutter={16}>
        {(['a', 'b', 'c'] as const).map((g) => (
          <Col xs={24} sm={8} key={g}>
            <Form.Item
              label={`${g.toUpperCase()} 级最低分`}
              name={['thresholds', g]}
              dependencies={g === 'a' ? [['thresholds', 'b']] : g === 'b' ? [['thresholds', 'c']] : []}
              rules={[...numberRules(`${g.toUpperCase()} 级分数线`, GRADE_THRESHOLD_MAX), thresholdRule(g)]}
            >
              <InputNumber min={0} max={GRADE_THRESHOLD_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      {preview && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`按此规则：${GRADES.map((g) => `${g} 级 ${preview[g]} 家`).join('，')}`}
        />
      )}
      {editable && (
        <Space wrap>
          <Button
            loading={previewing.isPending}
            onClick={() =>
              void form.validateFields().then(
                (v) => previewing.mutate(v),
                () => undefined,
              )
            }
          >
            预览分级
          </Button>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存规则
          </Button>
          <Button
            onClick={() => {
              form.setFieldsValue({ weights: { ...DEFAULT_SCORE_WEIGHTS }, thresholds: { ...DEFAULT_GRADE_THRESHOLDS } });
              setPreview(null);
            }}
          >
            恢复默认值
          </Button>
          {q.data.saved ? null : <Typography.Text type="secondary">当前为默认规则</Typography.Text>}
        </Space>
      )}
    </Form>
  );
}
