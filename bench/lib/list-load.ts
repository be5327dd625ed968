/**
 * Load generator of the saved-search bench (bench/saved-search-matching.ts), in its own process so
 * it never shares the API's event loop: autocannon against `GET /api/v1/products` with the URLs
 * of BENCH_URLS (JSON array, rotated per request) on BENCH_ORIGIN for BENCH_SECONDS with
 * BENCH_CONNECTIONS connections; prints one JSON line `{ requests, seconds, reqPerSec, okPerSec, p99Ms, errors, non2xx }`.
 */
import autocannon from 'autocannon';

const origin = process.env.BENCH_ORIGIN ?? 'http://127.0.0.1:3000';
const urls = JSON.parse(process.env.BENCH_URLS ?? '["/api/v1/products"]') as string[];
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
let next = 0;
const result = await autocannon({
  url: origin,
  connections,
  duration: seconds,
  timeout: 10,
  requests: [
    {
      method: 'GET',
      setupRequest: (request) => {
        next = (next + 1) % urls.length;
        return { ...request, path: urls[next] as string };
      },
    },
  ],
});
console.log(
  JSON.stringify({
    requests: result.requests.total,
    seconds,
    reqPerSec: (result.requests.total ?? 0) / seconds,
    /** Answers 2xx per second (the load shedding's fast 503s left out). */
    okPerSec: ((result as unknown as Record<string, number>)['2xx'] ?? 0) / seconds,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  }),
);
