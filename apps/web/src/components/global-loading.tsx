import { Spin } from 'antd';
import { useInFlightCount } from '../api/loading';

/** Full-screen overlay while any foreground request is in flight; the delay avoids a flash on fast calls. */
export function GlobalLoading() {
  const count = useInFlightCount();
  return <Spin fullscreen spinning={count > 0} delay={300} description="加载中…" />;
}
