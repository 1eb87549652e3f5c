import { message, type App } from 'antd';

type MessageInstance = ReturnType<typeof App.useApp>['message'];

// Code outside React (the axios layer, session actions) shows messages through the instance that antd's <App>
// provides, so messages follow the zh_CN theme; before it mounts (and in unit tests) the static API is used.
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
