/** Dashboard remote: /app and its child pages, and /create-service. */
import { createFrontendConfig, REMOTES } from '../rspack.base';

/** Page-level modules this remote exposes to the host (ids 'dashboard/<key>'). */
export const exposes = {
  './DashboardApp': './src/DashboardApp.tsx',
  './CreateServicePage': './src/services/pages/CreateServicePage.tsx',
};

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createFrontendConfig({
    name: 'dashboard',
    dir: __dirname,
    port: REMOTES.dashboard,
    exposes,
    mode: argv.mode ?? 'development',
  });
