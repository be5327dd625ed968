/**
 * Jest for the front-end packages (shared, host, mfe-*) and the single bundle's registry
 * (bench/single-bundle): @swc/jest for TS/TSX, a jsdom
 * environment with Node's fetch-era globals (react-router needs them), and the facade aliases of
 * tsconfig.web.json (the map rspack.base.ts and the type checks use) so tests run the modules the
 * browser runs.
 */
const fs = require('node:fs');
const path = require('node:path');

const root = __dirname;

/**
 * tsconfig.web.json's `paths` as moduleNameMapper entries. `@campus/react-router-impl` names
 * react-router's types there; jest loads its CommonJS development build (the ESM builds are not
 * transformed under node_modules, and the development build's warnings help in tests).
 */
function facadeMapper() {
  const { paths } = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.web.json'), 'utf8')).compilerOptions;
  const mapper = {};
  for (const [name, [target]] of Object.entries(paths)) {
    mapper[`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`] = path.join('<rootDir>', target);
  }
  mapper['^@campus/react-router-impl$'] = '<rootDir>/node_modules/react-router/dist/development/index.js';
  return mapper;
}
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: path.join(root, 'jest/jsdom-environment.js'),
  roots: [
    '<rootDir>/scripts',
    '<rootDir>/shared',
    '<rootDir>/host',
    '<rootDir>/mfe-catalog',
    '<rootDir>/mfe-auth',
    '<rootDir>/mfe-dashboard',
    '<rootDir>/bench/single-bundle',
  ],
  testMatch: [
    '**/src/**/*.test.ts?(x)',
    '<rootDir>/scripts/*.test.ts',
    '<rootDir>/bench/single-bundle/*.test.ts',
  ],
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(@mui/icons-material|@campus)/)'],
  moduleNameMapper: {
    ...facadeMapper(),
    '^@campus/shared$': '<rootDir>/shared/src/index.ts',
    '\\.(png|jpe?g|gif|svg|webp)$': '<rootDir>/jest/file-stub.js',
  },
  setupFilesAfterEnv: ['<rootDir>/jest/setup.ts'],
  clearMocks: true,
  // Component tests drive real user events through MUI; on a busy 2-core machine (CI ran a form
  // test of 17 typed fields in 149 s while other jobs built bundles) one test can take far longer
  // than jest's default 5 s without anything being wrong. One limit for all files (no file sets a
  // lower one); a hang still fails.
  testTimeout: 120_000,
};
