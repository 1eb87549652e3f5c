import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

const here = fileURLToPath(new URL('.', import.meta.url));

// The 'web' project of the root vitest config: components and client rules in jsdom.
export default defineProject({
  root: here,
  plugins: [react()],
  resolve: {
    // Node loads antd's CommonJS build ('antd' → lib/) in the tests; deep imports of its ES build (src/portal/portal-ui.tsx)
    // take the same build, so both share one ConfigProvider and theme context, as they do in the browser bundle (es/).
    alias: [{ find: /^antd\/es\//, replacement: 'antd/lib/' }],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 60000,
    css: false,
  },
});
