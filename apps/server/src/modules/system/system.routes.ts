import { route, type RouteRegistry } from '../../http/routes';
import { storageReport } from './storage';

export const systemRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/system/storage',
    access: ['admin'],
    summary: '存储空间：上传与导出文件的磁盘占用（按用途、公开与私有）',
    handler: ({ deps }) => storageReport(deps),
  }),
];
