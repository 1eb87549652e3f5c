import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', '**/*.tmp.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features do not import each other, and shared code does not import features or the app (STYLE.md).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/*/**', '../features/*'], message: '功能模块之间不得相互引用，请放到 shared/ 或 lib/' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/server/src/**/*.ts', 'packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/web/**', 'react', 'antd'], message: '服务端不得引用前端代码' }] },
      ],
    },
  },
  {
    // The api project runs its files without isolation (vitest.config.ts): a module mock would leak to later files.
    files: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.ts'],
    ignores: ['apps/server/src/**/*.unit.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|doUnmock)$/]",
          message: 'api 测试共享模块（isolate: false），不得用 vi.mock 替换模块',
        },
      ],
    },
  },
);
