import type { MessageInstance } from 'antd/es/message/interface';

// Code outside React (the HTTP client, session actions) and pages show messages through the instance that the app's
// frame (ui-provider.tsx: AppFrame) provides, so messages follow the zh_CN theme; before it mounts (and in unit tests
// that render without it) antd's static API is used.
let instance: MessageInstance | null = null;

export function setMessageInstance(api: MessageInstance | null): void {
  instance = api;
}

type Kind = 'error' | 'warning' | 'success' | 'info';

function show(kind: Kind, text: string, durationSeconds?: number): void {
  if (instance) void instance[kind](text, durationSeconds);
  // antd's static message loads on first use: the frame is mounted before any page calls (ADR 0056 §5).
  else void import('antd/es/message').then(({ default: message }) => void message[kind](text, durationSeconds));
}

/** Toasts shown by non-component code; duration in seconds as antd expects. */
export const notify = {
  error: (text: string, durationSeconds?: number) => show('error', text, durationSeconds),
  warning: (text: string, durationSeconds?: number) => show('warning', text, durationSeconds),
  success: (text: string, durationSeconds?: number) => show('success', text, durationSeconds),
  info: (text: string, durationSeconds?: number) => show('info', text, durationSeconds),
};
