// autocannon in the harness's own process, as bench:http ran before wrk: kept so that the two
// clients can be compared on the same servers and bodies (`--client autocannon`, bench/NOTES.md).
import autocannon from 'autocannon';

function quantile(sorted, fraction) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

/** The same figures as `runWrk`, from every response autocannon saw. */
export function runAutocannon({ url, body, connections, seconds }) {
  const latencies = [];
  let non2xx = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, method: 'POST', body, headers: { 'content-type': 'application/json' }, connections, duration: seconds, timeout: 60 },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({
          requests: result.requests.total,
          seconds,
          requestsPerSecond: result.requests.total / seconds,
          latencyMs: { p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95), p99: quantile(latencies, 0.99), max: result.latency.max },
          non2xx,
          errors: result.errors + result.timeouts,
          errorKinds: { errors: result.errors, timeouts: result.timeouts },
        });
      },
    );
    instance.on('response', (client, statusCode, resBytes, responseTime) => {
      if (statusCode < 200 || statusCode >= 300) non2xx++;
      latencies.push(responseTime);
    });
  });
}
