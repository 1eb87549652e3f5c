import type { ReactNode } from 'react';

/**
 * Stands in for antd's tooltip `UniqueProvider` in the production build (vite.config.ts, ADR 0056 §5). antd's
 * ConfigProvider imports it statically but renders it only under `tooltip={{ unique: true }}`, which this app never
 * sets; the real one brings @rc-component/trigger (about 7 kB gzip) into every page's entry chunk. Setting
 * `tooltip.unique` anywhere requires removing the build's `antd-unique-tooltip-off` plugin first.
 */
export default function UniqueProvider({ children }: { children?: ReactNode }) {
  return children;
}
