import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev`: the API server (npm start, PORT 8001 unless API_TARGET says otherwise) answers `/api/...`.
const apiTarget = process.env.API_TARGET ?? `http://127.0.0.1:${process.env.API_PORT ?? '8001'}`;

export default defineConfig({
  base: '/',
  plugins: [react()],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/upload': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Semi's optional markdown and lottie parts (tree-shaken away) warn about directives and eval: noise.
      onwarn(warning, warn) {
        if ((warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'EVAL') && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
      output: {
        // React and the state libraries in their own long-cached chunks; Semi is split by use, so the login screen
        // loads only the components it shows and the CRUD screens' table, pickers and form stack stay lazy.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@remix-run)[\\/]/, priority: 30 },
            { name: 'state', test: /node_modules[\\/](mobx|mobx-react-lite|i18next|react-i18next|dayjs|nprogress)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
