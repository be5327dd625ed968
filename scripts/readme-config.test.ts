/**
 * README "Configuration" documents every environment variable the API reads
 * (`api/src/config-env-names.ts`, the one list): a new name without a README row fails here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_ENV_NAMES } from '../api/src/config-env-names';

const README = readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
const configuration = README.slice(
  README.indexOf('## Configuration'),
  README.indexOf('## Run in production'),
);

describe('README "Configuration"', () => {
  it.each(CONFIG_ENV_NAMES)('has a row for %s', (name) => {
    expect(configuration).toMatch(new RegExp(`^\\|[^\\n]*\`${name}\``, 'm'));
  });
});
