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
    // The files of a worker share one module graph and one jsdom instead of loading antd, React and the pages again
    // each: 196 s instead of 366 s for this project alone (ADR 0024). What a file leaves behind is undone by
    // src/test/setup.ts (afterEach: unmounted trees, session, storage, cookies, mocks, timers; afterAll: static
    // dialogs, then an empty body). No web test uses vi.mock, whose module swap would leak to later files.
    isolate: false,
  },
});
