/**
 * How the server writes its logs (docs/product.md §22.7): one JSON object a line (pino's format, for log
 * collectors) when stdout is a pipe or a file, as in production behind a process manager; lines
 * for people (pino-pretty: time, level, message, then the fields) in `npm run dev`
 * (NODE_ENV=development) and whenever stdout is a terminal.
 */
import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config.ts';

/** `json` (pino's default) or `pretty` (pino-pretty). */
export type LogFormat = 'json' | 'pretty';

/**
 * Picks the log format.
 * @param nodeEnv NODE_ENV as the config read it (`development` under `npm run dev`)
 * @param stdoutIsTTY whether stdout is a terminal (`process.stdout.isTTY`)
 * @returns `pretty` in development or on a terminal, `json` otherwise and always under NODE_ENV=test
 */
export function chooseLogFormat(nodeEnv: AppConfig['nodeEnv'], stdoutIsTTY: boolean): LogFormat {
  if (nodeEnv === 'test') return 'json';
  return nodeEnv === 'development' || stdoutIsTTY ? 'pretty' : 'json';
}

/**
 * Fastify's `logger` option for `config` and this process's stdout: pino at LOG_LEVEL, through a
 * pino-pretty stream (in this thread, so nothing is lost at exit) when `chooseLogFormat` says so.
 * pino-pretty is loaded only then.
 */
export async function loggerOptions(
  config: Pick<AppConfig, 'nodeEnv' | 'logLevel'>,
  stdoutIsTTY = Boolean(process.stdout.isTTY),
): Promise<FastifyServerOptions['logger']> {
  if (chooseLogFormat(config.nodeEnv, stdoutIsTTY) === 'json') return { level: config.logLevel };
  const { default: pretty } = await import('pino-pretty');
  return {
    level: config.logLevel,
    stream: pretty({ colorize: stdoutIsTTY, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }),
  };
}
