/**
 * Route-level docs of the release API under /api/v1/releases
 * (docs/decisions/0029-remote-releases.md): tags, summaries, security and error answers; params,
 * query, bodies and answers are the table of endpoints' (`@campus/shared/contract`,
 * docs/decisions/0038). Every route needs `Authorization: Bearer <token>`: a remote's deploy token
 * (its own remote only) or a signed-in admin's session token.
 */
import { releaseUploadAnswerSchema } from '@campus/shared/contract';
import { bearerSecurity, errorResponses } from '../common/schemas.ts';

const tags = ['releases'];

export const listAllSchema = {
  tags,
  summary: "Each remote's routing (current, previous, canary) and its newest releases",
  security: bearerSecurity,
  response: errorResponses,
};

export const listRemoteSchema = {
  tags,
  summary: "One remote's routing, releases (newest first) and audit log (newest first)",
  security: bearerSecurity,
  response: errorResponses,
};

export const uploadSchema = {
  tags,
  summary: 'Upload a release: the body is a tar.gz of the dist folder (Content-Type: application/gzip)',
  description:
    'mf-manifest.json at the root, the Node build under server/, release.json (the page contract hash) at the root. ' +
    'Streamed to disk, at most 50 MB. 201: a new release; 200: the same build was already released; ' +
    '413 too large; 400 not a tar.gz or an unsafe entry (absolute path, `..`, link); 422 refused by the gate ' +
    '(the message names what is wrong; `errors` by check). A refused release stores nothing.',
  security: bearerSecurity,
  // 201 (a new release) is the table's; 200 answers a build already released.
  response: { 200: releaseUploadAnswerSchema, ...errorResponses },
};

export const promoteSchema = {
  tags,
  summary: 'Make a release current (the old current becomes previous)',
  security: bearerSecurity,
  response: errorResponses,
};

export const rollbackSchema = {
  tags,
  summary: 'Swap current and previous (a second rollback undoes the first)',
  security: bearerSecurity,
  response: errorResponses,
};

export const canarySchema = {
  tags,
  summary: 'Show a release to a sticky share of visitors (percent 1-100), or end the canary (percent 0)',
  security: bearerSecurity,
  response: errorResponses,
};
