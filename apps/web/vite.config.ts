import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const here = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';
const require = createRequire(import.meta.url);

/**
 * react-router's package exports only its development build to bundlers (dev warnings switched on); the production
 * build is the same code with them off. The build uses it (ADR 0056); `vite dev` and the tests keep the warnings.
 */
const reactRouterProduction = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs');

/**
 * antd's ConfigProvider imports its tooltip `UniqueProvider` (and with it @rc-component/trigger, about 7 kB gzip)
 * statically, but renders it only for `tooltip={{ unique: true }}`, which the app never sets. The build gives it a
 * stand-in that renders the children (src/lib/antd-unique-tooltip-off.ts), so trigger loads with the pages whose
 * components use it (ADR 0056 §5). `vite dev` and the tests keep antd's own.
 */
const uniqueTooltipOff: Plugin = {
  name: 'antd-unique-tooltip-off',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === '../tooltip/UniqueProvider' && importer && /antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(importer)) {
      return path.join(here, 'src/lib/antd-unique-tooltip-off.ts');
    }
    return null;
  },
};

export default defineConfig(({ command }) => ({
  root: here,
  plugins: [react(), uniqueTooltipOff],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/check-bundle.mjs reads which chunks /web/index loads from the manifest (ADR 0054, 0056).
    manifest: true,
    // antd is large; pages are lazy chunks, so only the shell and the framework load up front.
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // The modules the entry imports statically (every page loads them) in one chunk: rolldown otherwise cuts them
      // into a dozen chunks by which lazy pages share them, each gzipped alone. Only that static chain, nothing of the
      // lazy pages (ADR 0056).
      output: {
        codeSplitting: {
          groups: [{ name: 'initial', tags: ['$initial'], includeDependenciesRecursively: false }],
        },
      },
      // @rc-component/* declare no sideEffects, so a module none of whose exports is used stayed for its top-level
      // statics (antd's Input kept all of rc-form for its context). Their modules have no other top-level effects.
      treeshake: {
        moduleSideEffects: (id: string) => !/node_modules\/@rc-component\//.test(id),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/v1': { target: apiTarget, changeOrigin: true },
      '/uploads': { target: apiTarget, changeOrigin: true },
    },
  },
}));
