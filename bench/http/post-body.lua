-- wrk script for `npm run bench:http`: POST one JSON body, read from the file named after `--`,
-- and print the run's figures as one JSON line (latency in microseconds) when wrk is done.
-- Usage: wrk -t1 -c4 -d10s --timeout 60s -s bench/http/post-body.lua http://127.0.0.1:PORT/ -- body.json

function init(args)
  local file = assert(io.open(args[1], "rb"))
  wrk.body = file:read("*a")
  file:close()
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"bytes":%d,' ..
    '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
    '"latencyUs":{"p50":%d,"p95":%d,"p99":%d,"max":%d,"mean":%.1f}}\n',
    summary.requests, summary.duration, summary.bytes,
    e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max, latency.mean))
end
