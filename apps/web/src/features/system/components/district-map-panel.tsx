import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Input, Popconfirm, Skeleton, Space, Tag, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { MAP_UPLOAD_MAX_BYTES, type MapInfo } from '@ip/contract';
import { mapInfoQuery, resetMap, uploadMap } from '../../visualization/api';
import { notify } from '../../../lib/notify';

const errorText = (err: unknown) => (err instanceof Error ? err.message : '操作失败，请稍后再试');

function tags(names: string[], color: string, none: string) {
  return names.length ? (
    names.map((n) => (
      <Tag color={color} key={n}>
        {n}
      </Tag>
    ))
  ) : (
    <Typography.Text type="secondary">{none}</Typography.Text>
  );
}

/**
 * 地图边界 (/system, administrator, ADR 0051 §2): the district's street boundaries the maps draw. Upload a GeoJSON
 * FeatureCollection (each feature a Polygon or MultiPolygon named by properties.name); the answer says which
 * features match a street and which do not. A bad file is refused with the reason and nothing changes.
 */
export function DistrictMapPanel() {
  const q = useQuery(mapInfoQuery());
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [report, setReport] = useState<MapInfo | null>(null);
  const done = async (info: MapInfo, text: string) => {
    setError('');
    setReport(info);
    notify.success(text);
    await queryClient.invalidateQueries({ queryKey: ['region'] });
  };
  const upload = useMutation({
    mutationFn: async (file: File) => {
      if (file.size > MAP_UPLOAD_MAX_BYTES) throw new Error('文件超过 5 MB，请简化边界后再上传');
      let geojson: unknown;
      try {
        geojson = JSON.parse(await file.text());
      } catch {
        throw new Error('文件不是有效的 JSON，请上传 GeoJSON 文件（.json / .geojson）');
      }
      return uploadMap(name.trim() || file.name.replace(/\.(geo)?json$/i, '').slice(0, 50) || '区域地图', geojson);
    },
    onSuccess: (info) => done(info, '地图边界已更新'),
    onError: (err) => setError(errorText(err)),
  });
  const reset = useMutation({
    mutationFn: resetMap,
    onSuccess: (info) => done(info, '已恢复示例地图边界'),
    onError: (err) => setError(errorText(err)),
  });

  if (q.isPending) return <Skeleton active aria-label="正在加载地图边界" />;
  if (q.isError) return <Alert type="error" showIcon title="地图边界加载失败" description={errorText(q.error)} />;
  const info = report ?? q.data;
  return (
    <div>
      <Typography.Paragraph type="secondary">
        可视化大屏与各统计页的区域地图按这里的边界绘制。上传 GeoJSON FeatureCollection：每个区域的几何类型为 Polygon 或
        MultiPolygon，properties.name 为街道名称（与“街道管理”中的名称相同的区域显示该街道的数据）。
      </Typography.Paragraph>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="当前地图">
          {info.name} {info.source === 'demo' ? <Tag>示例</Tag> : <Tag color="blue">已上传</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="区域数">{info.features}</Descriptions.Item>
        <Descriptions.Item label="已匹配的街道" span={2}>
          {tags(info.matched, 'green', '无')}
        </Descriptions.Item>
        <Descriptions.Item label="未匹配街道的区域" span={2}>
          {tags(info.unmatched_features, 'orange', '无')}
        </Descriptions.Item>
        <Descriptions.Item label="地图上没有的街道" span={2}>
          {tags(info.missing_streets, 'red', '无')}
        </Descriptions.Item>
      </Descriptions>
      {error && (
        <Alert
          type="error"
          showIcon
          title="上传失败，地图未改变"
          description={error}
          style={{ marginBottom: 16 }}
          closable
          onClose={() => setError('')}
        />
      )}
      <Space wrap>
        <Input
          aria-label="地图名称"
          placeholder="地图名称（可选）"
          maxLength={50}
          value={name}
          onChange={(e) => setName(e.target.value)}
          style={{ width: 220 }}
        />
        <Upload
          accept=".json,.geojson,application/geo+json,application/json"
          showUploadList={false}
          beforeUpload={(file) => {
            upload.mutate(file);
            return false;
          }}
        >
          <Button type="primary" icon={<UploadOutlined aria-hidden />} loading={upload.isPending}>
            上传 GeoJSON
          </Button>
        </Upload>
        <Popconfirm
          title="恢复示例地图边界？"
          description="已上传的边界将被删除，地图改用示例区域。"
          okText="恢复"
          cancelText="取消"
          onConfirm={() => reset.mutate()}
          disabled={info.source === 'demo'}
        >
          <Button disabled={info.source === 'demo'} loading={reset.isPending}>
            恢复示例地图
          </Button>
        </Popconfirm>
      </Space>
    </div>
  );
}
