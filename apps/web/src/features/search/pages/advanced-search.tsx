import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Collapse,
  DatePicker,
  Empty,
  Form,
  Input,
  List,
  Row,
  Skeleton,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, LoadingOutlined, SearchOutlined } from '@ant-design/icons';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { ApiError } from '../../../api/http';
import { notify } from '../../../lib/notify';
import { getToken } from '../../../lib/storage';
import {
  fieldsQuery,
  getExpressionCall,
  historyQuery,
  intelligenceCall,
  validateExpressionCall,
  type SearchField,
  type ValidationOutcome,
} from '../api';
import { ExpressionProblemAlert } from '../components/expression-problem';
import { HighlightHtml } from '../components/highlight-html';
import { buildExpression, offsetOfPosition, toSearchForm, type FormValues } from '../expression-builder';
import '../search.css';

export type AdvancedVariant = 'app' | 'public';

/** Debounce of the live calls (expression from the form, validation of the editor). */
export const LIVE_DELAY_MS = 400;

const KIND_LABEL: Record<string, string> = { text: '文本', code: '号码/分类', date: '日期', enum: '选项', number: '数值' };

const SYNTAX_EXAMPLES = [
  ['名称=(锂电池 AND 正极)', '名称同时含“锂电池”和“正极”'],
  ['申请人=比亚迪 OR 申请人=宁德时代', '任一申请人'],
  ['关键词=电池 NOT 法律状态=无权', '排除无权专利'],
  ['申请日=[2020-01-01 TO 2020-12-31]', '日期范围；也可写 申请日>=2020'],
  ['"固态 电解质"', '引号内为短语'],
  ['电池 NEAR/5 隔膜', '两词之间至多隔 5 个字或词（一个汉字、一个英文单词各算 1）'],
  ['IPC=H01M', '分类号前缀匹配'],
];

/** The control of one field; Form.Item hands it id, value and onChange, which go to the antd control. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function FieldInput({ field, ...control }: { field: SearchField } & Record<string, any>) {
  if (field.kind === 'date') {
    return (
      <DatePicker.RangePicker
        {...control}
        allowEmpty={[true, true]}
        style={{ width: '100%' }}
        placeholder={['起始日期', '截止日期']}
        aria-label={field.name}
      />
    );
  }
  if (field.kind === 'enum') {
    return (
      <Checkbox.Group {...control} options={(field.values ?? []).map((v) => ({ label: v, value: v }))} aria-label={field.name} />
    );
  }
  const placeholder =
    field.code === 'IPC' || field.code === 'MIPC'
      ? '如 H01M 或 H01M10/0525'
      : field.code === 'AN'
        ? '如 CN202223220665.2'
        : field.code === 'PN'
          ? '如 CN108472367A'
          : '可用 AND、OR、NOT 组合';
  return <Input {...control} allowClear placeholder={placeholder} />;
}

function FieldHelp({ fields }: { fields: SearchField[] }) {
  return (
    <Collapse
      size="small"
      items={[
        {
          key: 'fields',
          label: '字段说明',
          children: (
            <Table<SearchField>
              size="small"
              rowKey="code"
              pagination={false}
              dataSource={fields}
              scroll={{ x: 640 }}
              columns={[
                { title: '字段', dataIndex: 'name', width: 110 },
                { title: '代码', dataIndex: 'code', width: 80, render: (c: string) => <code>{c}</code> },
                { title: '类型', dataIndex: 'kind', width: 90, render: (k: string) => KIND_LABEL[k] ?? k },
                {
                  title: '说明',
                  dataIndex: 'help',
                  render: (h: string, f) => (
                    <>
                      {h}
                      {f.values?.length ? <div>可选：{f.values.join('、')}</div> : null}
                    </>
                  ),
                },
              ]}
            />
          ),
        },
        {
          key: 'syntax',
          label: '检索式语法',
          children: (
            <Table
              size="small"
              rowKey={(r) => r[0]}
              pagination={false}
              dataSource={SYNTAX_EXAMPLES}
              columns={[
                { title: '示例', key: 'e', render: (_v, r) => <code>{r[0]}</code> },
                { title: '含义', key: 'm', render: (_v, r) => r[1] },
              ]}
            />
          ),
        },
      ]}
    />
  );
}

function History({ onPick, target }: { onPick: (expression: string) => void; target: string }) {
  const history = useQuery({ ...historyQuery(), enabled: !!getToken() });
  if (!getToken()) return null;
  return (
    <Card size="small" title="最近检索" className="adv-history">
      {history.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : !history.data?.length ? (
        <Typography.Text type="secondary">暂无检索记录</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={history.data.slice(0, 10)}
          renderItem={(h) => (
            <List.Item
              actions={[
                <Button
                  key="fill"
                  type="link"
                  size="small"
                  onClick={() => onPick(h.expression)}
                  aria-label={`填入 ${h.expression}`}
                >
                  填入
                </Button>,
              ]}
            >
              <Link to={`${target}?${new URLSearchParams({ expr: h.expression }).toString()}`} title="按此检索式检索">
                <ClockCircleOutlined aria-hidden style={{ marginRight: 6, color: '#8c8c8c' }} />
                {h.expression}
              </Link>
              {typeof h.total === 'number' && (
                <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                  {h.total} 条
                </Typography.Text>
              )}
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/** The live expression editor: validates as the user types and marks the error position. */
function useValidation(expression: string) {
  const [checked, setChecked] = useState<{ expression: string; outcome: ValidationOutcome } | null>(null);
  const text = expression.trim();
  useEffect(() => {
    if (!text) return;
    const ctrl = new AbortController();
    const timer = window.setTimeout(() => {
      validateExpressionCall(text, ctrl.signal)
        .then((outcome) => {
          if (!ctrl.signal.aborted) setChecked({ expression: text, outcome });
        })
        .catch(() => undefined);
    }, LIVE_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      ctrl.abort();
    };
  }, [text]);
  if (!text) return { status: 'idle' as const };
  if (checked?.expression !== text) return { status: 'checking' as const };
  return checked.outcome.ok
    ? { status: 'ok' as const, canonical: checked.outcome.expression }
    : { status: 'error' as const, problem: checked.outcome.problem };
}

function AdvancedForm({ variant, fields }: { variant: AdvancedVariant; fields: SearchField[] }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const val = params.get('val')?.trim() ?? '';
  const initialValues = useMemo<FormValues>(() => (val ? { TX: val } : {}), [val]);
  const [editor, setEditor] = useState(() => {
    const expr = params.get('expr')?.trim();
    if (expr) return expr;
    return buildExpression(toSearchForm(initialValues, fields), fields);
  });
  // The expression the form last produced, so the server's canonical text only replaces untouched editor text.
  const [formState, setFormState] = useState<{ key: string; local: string; form: ReturnType<typeof toSearchForm> } | null>(null);
  const [formError, setFormError] = useState<{ key: string; message: string } | null>(null);
  const textArea = useRef<TextAreaRef>(null);
  const validation = useValidation(editor);

  useEffect(() => {
    if (!formState || !Object.keys(formState.form).length) return;
    const ctrl = new AbortController();
    const timer = window.setTimeout(() => {
      getExpressionCall(formState.form, ctrl.signal)
        .then((expression) => {
          if (ctrl.signal.aborted) return;
          setFormError(null);
          if (expression) setEditor((current) => (current === formState.local ? expression : current));
        })
        .catch((err: unknown) => {
          if (ctrl.signal.aborted || (err instanceof ApiError && err.kind === 'cancel')) return;
          setFormError({ key: formState.key, message: err instanceof Error ? err.message : '检索条件有误' });
        });
    }, LIVE_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      ctrl.abort();
    };
  }, [formState]);

  const handleValuesChange = (_changed: FormValues, all: FormValues) => {
    const searchForm = toSearchForm(all, fields);
    const local = buildExpression(searchForm, fields);
    setEditor(local);
    setFormState({ key: JSON.stringify(searchForm), local, form: searchForm });
  };

  const target = variant === 'public' ? '/web/search/list' : '/docking';
  const handleSearch = () => {
    const expression = editor.trim();
    if (!expression) {
      notify.warning('请至少填写一个检索条件');
      return;
    }
    if (validation.status === 'error') {
      notify.error(validation.problem.message);
      return;
    }
    navigate(`${target}?${new URLSearchParams({ expr: expression }).toString()}`);
  };

  const handleReset = () => {
    form.resetFields();
    form.setFieldsValue(Object.fromEntries(fields.map((f) => [f.code, undefined])));
    setEditor('');
    setFormState(null);
    setFormError(null);
  };

  const pointAtError = () => {
    if (validation.status !== 'error' || validation.problem.position === null) return;
    const el = textArea.current?.resizableTextArea?.textArea;
    if (!el) return;
    const at = offsetOfPosition(editor, validation.problem.position);
    el.focus();
    el.setSelectionRange(at, Math.min(at + (Array.from(editor.slice(at))[0]?.length ?? 0), editor.length));
  };

  const currentFormError = formError && formState && formError.key === formState.key ? formError.message : null;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Card size="small" title="检索条件">
          <Form form={form} layout="vertical" initialValues={initialValues} onValuesChange={handleValuesChange}>
            <Row gutter={16}>
              {fields.map((f) => (
                <Col key={f.code} xs={24} md={f.kind === 'enum' ? 24 : 12}>
                  <Form.Item name={f.code} label={f.name} tooltip={f.help}>
                    <FieldInput field={f} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </Form>
          {currentFormError && <Alert type="error" showIcon title={currentFormError} role="alert" />}
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Card size="small" title="检索式">
            <Input.TextArea
              ref={textArea}
              aria-label="检索式"
              value={editor}
              onChange={(e) => setEditor(e.target.value)}
              autoSize={{ minRows: 4, maxRows: 10 }}
              placeholder="可直接编辑，如：名称=(锂电池 AND 正极) AND 申请日>=2020-01-01 NOT 法律状态=无权"
              status={validation.status === 'error' ? 'error' : undefined}
              spellCheck={false}
            />
            <div className="adv-expr-status" aria-live="polite">
              {validation.status === 'checking' && (
                <Typography.Text type="secondary">
                  <LoadingOutlined aria-hidden /> 正在校验检索式…
                </Typography.Text>
              )}
              {validation.status === 'ok' && (
                <Typography.Text type="success">
                  <CheckCircleFilled aria-hidden /> 检索式正确
                  {validation.canonical && validation.canonical !== editor.trim() && (
                    <Typography.Text type="secondary">（即 {validation.canonical}）</Typography.Text>
                  )}
                </Typography.Text>
              )}
            </div>
            {validation.status === 'error' && (
              <ExpressionProblemAlert
                expression={editor.trim()}
                problem={validation.problem}
                action={
                  validation.problem.position !== null ? (
                    <Button size="small" onClick={pointAtError}>
                      定位到错误
                    </Button>
                  ) : undefined
                }
              />
            )}
            <Space style={{ marginTop: 12 }} wrap>
              <Button type="primary" icon={<SearchOutlined aria-hidden />} onClick={handleSearch}>
                检索
              </Button>
              <Button onClick={handleReset}>清空</Button>
            </Space>
          </Card>
          <History onPick={(expression) => setEditor(expression)} target={target} />
        </Space>
      </Col>
      <Col span={24}>
        <FieldHelp fields={fields} />
      </Col>
    </Row>
  );
}

function SmartSearch({ variant }: { variant: AdvancedVariant }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [expression, setExpression] = useState('');
  const smart = useMutation({
    mutationFn: intelligenceCall,
    onSuccess: (r) => setExpression(r.expression),
  });
  const target = variant === 'public' ? '/web/search/list' : '/docking';

  const handleAnalyse = () => {
    if (text.trim().length < 4) {
      notify.warning('请粘贴一段描述发明内容的文字（至少 4 个字）');
      return;
    }
    smart.mutate(text.trim());
  };
  const handleSearch = () => {
    if (!expression.trim()) return;
    navigate(`${target}?${new URLSearchParams({ expr: expression.trim() }).toString()}`);
  };

  const maxWeight = Math.max(1e-9, ...(smart.data?.keywords ?? []).map((k) => k.weight));

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card size="small" title="描述发明内容">
          <Input.TextArea
            aria-label="发明内容描述"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoSize={{ minRows: 8, maxRows: 16 }}
            maxLength={5000}
            showCount
            placeholder="粘贴一段技术方案、摘要或权利要求，系统将提取关键词并生成检索式"
          />
          <Button type="primary" style={{ marginTop: 12 }} loading={smart.isPending} onClick={handleAnalyse}>
            智能分析
          </Button>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title="分析结果">
          {!smart.data ? (
            <Empty description="提取的关键词和检索式将显示在这里" image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <Space orientation="vertical" style={{ width: '100%' }}>
              <div aria-label="关键词">
                {smart.data.keywords.map((k) => (
                  <Tag
                    key={k.word}
                    color="blue"
                    style={{ fontSize: 12 + Math.round((k.weight / maxWeight) * 4), marginBottom: 6 }}
                    title={`权重 ${k.weight.toFixed(2)}`}
                  >
                    {k.word}
                  </Tag>
                ))}
              </div>
              <Input.TextArea
                aria-label="生成的检索式"
                value={expression}
                onChange={(e) => setExpression(e.target.value)}
                autoSize={{ minRows: 2, maxRows: 6 }}
              />
              <Typography.Text type="secondary">约 {smart.data.results.total.toLocaleString('zh-CN')} 条相关专利</Typography.Text>
              {smart.data.results.list.length > 0 && (
                <ol className="adv-smart-preview">
                  {smart.data.results.list.slice(0, 5).map((h) => (
                    <li key={h.id}>
                      <Link to={`/detail?id=${encodeURIComponent(String(h.id))}`} className="patent-highlight">
                        <HighlightHtml html={h.title} />
                      </Link>
                    </li>
                  ))}
                </ol>
              )}
              <Button type="primary" icon={<SearchOutlined aria-hidden />} onClick={handleSearch} disabled={!expression.trim()}>
                检索
              </Button>
            </Space>
          )}
        </Card>
      </Col>
    </Row>
  );
}

/** /AdvancedSearch and /web/seniorSearch: field form → live expression, expression editor, smart search. */
export function AdvancedSearch({ variant }: { variant: AdvancedVariant }) {
  const [params, setParams] = useSearchParams();
  const fields = useQuery(fieldsQuery());
  const tab = params.get('tab') === 'smart' ? 'smart' : 'form';

  return (
    <Card className="search-page" title={variant === 'public' ? '高级检索' : undefined}>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          const next = new URLSearchParams(params);
          if (key === 'smart') next.set('tab', 'smart');
          else next.delete('tab');
          setParams(next, { replace: true });
        }}
        items={[
          {
            key: 'form',
            label: '高级检索',
            children: fields.isPending ? (
              <Skeleton active paragraph={{ rows: 8 }} />
            ) : fields.isError ? (
              <Alert type="error" showIcon title="检索字段加载失败，请刷新页面重试" />
            ) : (
              <AdvancedForm variant={variant} fields={fields.data} />
            ),
          },
          { key: 'smart', label: '智能检索', children: <SmartSearch variant={variant} /> },
        ]}
      />
    </Card>
  );
}
