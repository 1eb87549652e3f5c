import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

// Code outside React (the HTTP client, session actions) and pages show messages through the instance that the app's
// frame (ui-provider.tsx: AppFrame) provides, so messages follow the zh_CN theme; before it mounts (and in unit tests) the static API is used.
let instance: MessageInstance | null = null;

export function setMessageInstance(api: MessageInstance | null): void {
  instance = api;
}

function api(): MessageInstance {
  return instance ?? message;
}

/** Toasts shown by non-component code; duration in seconds as antd expects. */
export const notify = {
  error: (text: string, durationSeconds?: number) => void api().error(text, durationSeconds),
  warning: (text: string, durationSeconds?: number) => void api().warning(text, durationSeconds),
  success: (text: string, durationSeconds?: number) => void api().success(text, durationSeconds),
  info: (text: string, durationSeconds?: number) => void api().info(text, durationSeconds),
};
