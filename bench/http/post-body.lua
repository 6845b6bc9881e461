-- wrk script for `npm run bench:http`: POST one JSON body, read from the file named after `--`, and
-- print the measured window's figures as one JSON line (latency in microseconds) when wrk is done.
-- Usage: wrk -t4 -c4 -d10s --timeout 60s -s bench/http/post-body.lua http://127.0.0.1:PORT/ -- body.json 2
--
-- The second argument is a warm-up in seconds, run on the same connections as the window: the
-- figures cover only requests sent after it. Fresh connections opened at a window's start, while the
-- server was busy, kept receive windows of about 93 KB for seconds and took 2 to 8 s to deliver one
-- 10 MB body (bench/NOTES.md, round 23), which made a window's p99 a matter of chance. Each thread
-- drives one connection (-t equal to -c), so its request and response callbacks alternate and a
-- latency is the time between them, on CLOCK_MONOTONIC through LuaJIT's ffi.

local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } wrk_timespec;
  int clock_gettime(int clock, wrk_timespec *now);
]]
local now_buffer = ffi.new("wrk_timespec")
local function now_us()
  ffi.C.clock_gettime(1, now_buffer)
  return tonumber(now_buffer.tv_sec) * 1e6 + tonumber(now_buffer.tv_nsec) / 1e3
end

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

local prepared
local window_start
local sent_at
latencies = {}
non2xx = 0

function init(args)
  local file = assert(io.open(args[1], "rb"))
  wrk.body = file:read("*a")
  file:close()
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  prepared = wrk.format()
  window_start = now_us() + (tonumber(args[2]) or 0) * 1e6
end

function request()
  sent_at = now_us()
  return prepared
end

function response(status, headers, body)
  if sent_at == nil or sent_at < window_start then return end
  latencies[#latencies + 1] = now_us() - sent_at
  if status < 200 or status > 399 then non2xx = non2xx + 1 end
end

local function percentile(sorted, p)
  if #sorted == 0 then return 0 end
  local index = math.ceil(#sorted * p / 100)
  if index < 1 then index = 1 end
  return sorted[index]
end

function done(summary, latency, requests)
  local all = {}
  local statusErrors = 0
  for _, thread in ipairs(threads) do
    for _, value in ipairs(thread:get("latencies")) do all[#all + 1] = value end
    statusErrors = statusErrors + thread:get("non2xx")
  end
  table.sort(all)
  local sum = 0
  for _, value in ipairs(all) do sum = sum + value end
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"windowRequests":%d,"durationUs":%d,"bytes":%d,' ..
    '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"windowStatus":%d},' ..
    '"latencyUs":{"p50":%d,"p95":%d,"p99":%d,"max":%d,"mean":%.1f}}\n',
    summary.requests, #all, summary.duration, summary.bytes,
    e.connect, e.read, e.write, e.status, e.timeout, statusErrors,
    percentile(all, 50), percentile(all, 95), percentile(all, 99), all[#all] or 0,
    #all > 0 and sum / #all or 0))
end
