/**
 * A local S3-compatible server for tests (`s3rver`, an S3 API over a temporary folder; the only
 * one installable here): `startS3Server()` listens on a free port of 127.0.0.1 and sets the
 * credentials it accepts (S3RVER / S3RVER) in this process's AWS_* variables, which child
 * processes inherit. `close()` stops it and removes its folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3Server {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  /** STORAGE_URL for `bucket` on this server. */
  storageUrl(bucket: string): string;
  close(): Promise<void>;
}

export async function startS3Server(): Promise<S3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'campus-soko-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const address = (await server.run()) as AddressInfo;
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    storageUrl: (bucket) => `s3://${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
