/**
 * Lua run atomically in Redis, so limits hold across replicas: no replica can read a counter,
 * be overtaken by another, and write a stale sum back.
 *
 * Windows are sliding: 60 one-second buckets in a hash (field = epoch second), so there is no
 * fixed-window edge where twice the limit passes in a moment.
 */

// The admit and settle operations, run many to a call (see BATCH_SCRIPT below).
// Admit, KEYS: 1 revoked marker, 2 request buckets, 3 token buckets, 4 month spend (micro-USD)
//   ARGV: 1 now (s), 2 rpm (0 = none), 3 tpm (0 = none), 4 tokens to reserve,
//         5 monthly budget (micro-USD, 0 = none), 6 cost to reserve (micro-USD), 7 spend TTL (s)
//   Returns {verdict, requests used, tokens used, oldest request bucket, oldest token bucket, spent}
//   verdict: 0 admitted, 1 revoked, 2 over rpm, 3 over tpm, 4 over budget
// Settle replaces a reservation by what the request really used.
//   KEYS: 1 token buckets, 2 month spend
//   ARGV: 1 second the reservation was counted in, 2 token delta, 3 cost delta, 4 now (s)
//
// Many admits and settles in one call: one EVALSHA per event-loop pass instead of one per
// request. The operations run in queue order and the whole call is atomic, so limits hold
// exactly as with one call per operation.
// Within a call a window is read (HGETALL) once per key and then kept up to date in Lua, since
// nothing else can touch it until the call ends: a burst on one key costs one scan, not N.
// KEYS: per admit its 4, per settle its 2, in operation order.
// ARGV: per admit 'a' and its 7 arguments; per settle 's' and its 4.
// Returns one entry per operation: the admit's array for an admit, 1 for a settle.
export const BATCH_SCRIPT = `
local windows = {}
local function window(key, now)
  local w = windows[key]
  if w and w.now == now then return w end
  local fields = redis.call('HGETALL', key)
  local sum, oldest, stale = 0, 0, {}
  for i = 1, #fields, 2 do
    local second = tonumber(fields[i])
    if second <= now - 60 then
      stale[#stale + 1] = fields[i]
    else
      sum = sum + tonumber(fields[i + 1])
      if oldest == 0 or second < oldest then oldest = second end
    end
  end
  if #stale > 0 then redis.call('HDEL', key, unpack(stale)) end
  w = {now = now, sum = sum, oldest = oldest, expiring = false}
  windows[key] = w
  return w
end
local function add(key, w, amount)
  redis.call('HINCRBY', key, w.now, amount)
  if not w.expiring then
    redis.call('EXPIRE', key, 61)
    w.expiring = true
  end
  w.sum = w.sum + amount
  if w.oldest == 0 then w.oldest = w.now end
end
local function admit(k, a)
  if redis.call('EXISTS', KEYS[k]) == 1 then return {1, 0, 0, 0, 0, 0} end
  local now = tonumber(ARGV[a])
  local rpm, tpm = tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2])
  local reserve, budget, cost = tonumber(ARGV[a + 3]), tonumber(ARGV[a + 4]), tonumber(ARGV[a + 5])
  local requests, oldestRequest, tokens, oldestToken = 0, 0, 0, 0
  local rw, tw
  if rpm > 0 then
    rw = window(KEYS[k + 1], now)
    requests, oldestRequest = rw.sum, rw.oldest
    if requests + 1 > rpm then return {2, requests, 0, oldestRequest, 0, 0} end
  end
  if tpm > 0 then
    tw = window(KEYS[k + 2], now)
    tokens, oldestToken = tw.sum, tw.oldest
    if tokens + reserve > tpm then return {3, requests, tokens, oldestRequest, oldestToken, 0} end
  end
  local spent = tonumber(redis.call('GET', KEYS[k + 3]) or '0')
  if budget > 0 and spent + cost > budget then return {4, requests, tokens, oldestRequest, oldestToken, spent} end
  if rw then add(KEYS[k + 1], rw, 1) end
  if tw then add(KEYS[k + 2], tw, reserve) end
  spent = redis.call('INCRBY', KEYS[k + 3], cost)
  redis.call('EXPIRE', KEYS[k + 3], tonumber(ARGV[a + 6]))
  return {0, requests + 1, tokens + reserve, oldestRequest, oldestToken, spent}
end
local function settle(k, a)
  local second, tokenDelta, costDelta = ARGV[a], tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2])
  if tokenDelta ~= 0 and tonumber(second) > tonumber(ARGV[a + 3]) - 60 and redis.call('HEXISTS', KEYS[k], second) == 1 then
    local left = redis.call('HINCRBY', KEYS[k], second, tokenDelta)
    if left < 0 then redis.call('HSET', KEYS[k], second, 0) end
    windows[KEYS[k]] = nil
  end
  if costDelta ~= 0 then
    local spent = redis.call('INCRBY', KEYS[k + 1], costDelta)
    if spent < 0 then redis.call('SET', KEYS[k + 1], 0, 'KEEPTTL') end
  end
  return 1
end
local results, k, a = {}, 1, 1
while a <= #ARGV do
  if ARGV[a] == 'a' then
    results[#results + 1] = admit(k, a + 1)
    k, a = k + 4, a + 8
  else
    results[#results + 1] = settle(k, a + 1)
    k, a = k + 2, a + 5
  end
end
return results
`;
