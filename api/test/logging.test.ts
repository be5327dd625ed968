/**
 * Log format choice (docs/product.md §22.7): JSON lines when stdout is not a terminal, pino-pretty in
 * `npm run dev` (NODE_ENV=development) and on a terminal; tests always JSON.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chooseLogFormat, loggerOptions } from '../src/common/logging.ts';

describe('log format', () => {
  test('JSON when stdout is not a terminal, outside development', () => {
    assert.equal(chooseLogFormat('production', false), 'json');
  });

  test('pretty on a terminal and in development (npm run dev pipes through concurrently)', () => {
    assert.equal(chooseLogFormat('production', true), 'pretty');
    assert.equal(chooseLogFormat('development', false), 'pretty');
    assert.equal(chooseLogFormat('development', true), 'pretty');
  });

  test('JSON under NODE_ENV=test, terminal or not', () => {
    assert.equal(chooseLogFormat('test', true), 'json');
    assert.equal(chooseLogFormat('test', false), 'json');
  });

  test('the Fastify logger option: plain level for JSON, a pino-pretty stream for pretty', async () => {
    assert.deepEqual(await loggerOptions({ nodeEnv: 'production', logLevel: 'warn' }, false), {
      level: 'warn',
    });
    const pretty = (await loggerOptions({ nodeEnv: 'development', logLevel: 'info' }, false)) as {
      level: string;
      stream: NodeJS.WritableStream;
    };
    assert.equal(pretty.level, 'info');
    assert.equal(typeof pretty.stream.write, 'function');
  });
});
