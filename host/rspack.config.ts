/** Host build: the shell (navbar, footer, routing, session) that loads the remotes at run time. */
import { createFrontendConfig, HOST_PORT } from '../rspack.base';

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createFrontendConfig({
    name: 'host',
    dir: __dirname,
    port: HOST_PORT,
    mode: argv.mode ?? 'development',
    singleBundle: process.env.SINGLE_BUNDLE === '1',
  });
