import react from '@vitejs/plugin-react';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';
import { optionalHttpUrl } from './src/config/optional-url';

export default defineConfig(({ mode }) => {
  // Bad build settings stop the build with a readable message (src/config/env.ts reads them in the app).
  const buildEnv = loadEnv(mode, process.cwd(), 'VITE_');
  optionalHttpUrl('VITE_MAKE_PAYMENT_URL', buildEnv.VITE_MAKE_PAYMENT_URL);
  return {
    plugins: [react()],
    server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
    build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 900, manifest: true },
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      pool: 'threads',
      maxWorkers: 2,
      // jsdom renders of whole screens (charts, data grids) take seconds on a busy two-core runner.
      testTimeout: 15_000,
    },
  };
});
