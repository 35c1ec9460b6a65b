-- wrk.lua -- the benchmark's wrk script: a POST body and a campaign key from the
-- environment (BENCH_BODY, BENCH_KEY), and one machine-readable summary line.
local key = os.getenv("BENCH_KEY")
local body = os.getenv("BENCH_BODY")
if body and body ~= "" then
   wrk.method = "POST"
   wrk.body = body
   wrk.headers["Content-Type"] = "application/json"
end
if key and key ~= "" then
   wrk.headers["Authorization"] = "Bearer " .. key
end

done = function(summary, latency, requests)
   local seconds = summary.duration / 1e6
   local e = summary.errors
   io.write(string.format(
      "BENCH rps=%.1f p50=%.2f p90=%.2f p99=%.2f requests=%d socket_errors=%d status_errors=%d\n",
      summary.requests / seconds, latency:percentile(50) / 1000, latency:percentile(90) / 1000,
      latency:percentile(99) / 1000, summary.requests, e.connect + e.read + e.write + e.timeout,
      e.status))
end
