/**
 * jsdom test environment that also exposes Node's Web API globals missing from jsdom
 * (react-router's data APIs need Request/Response/fetch; docs/stack-notes.md "Jest").
 */
const { TestEnvironment } = require('jest-environment-jsdom');

const GLOBALS = [
  'Request',
  'Response',
  'Headers',
  'fetch',
  'FormData',
  'ReadableStream',
  'TextEncoder',
  'TextDecoder',
  'AbortController',
  'AbortSignal',
  'structuredClone',
  'BroadcastChannel',
  'TransformStream',
  'Blob',
];

class JsdomWithWebGlobals extends TestEnvironment {
  async setup() {
    await super.setup();
    for (const name of GLOBALS) {
      if (typeof this.global[name] === 'undefined' && typeof globalThis[name] !== 'undefined') {
        this.global[name] = globalThis[name];
      }
    }
  }
}

module.exports = JsdomWithWebGlobals;
