/**
 * Lua run atomically in Redis, so limits hold across replicas: no replica can read a counter,
 * be overtaken by another, and write a stale sum back.
 *
 * Windows are sliding: 60 one-second buckets in a hash (field = epoch second), so there is no
 * fixed-window edge where twice the limit passes in a moment. The hash also keeps the running
 * sum of its buckets (field `s`) and the lowest second not yet slid out (field `l`), so reading a
 * window costs a few fields whatever its size: buckets are subtracted once, when they leave it.
 * Invariant: `s` is the sum of every bucket field in the hash, and no bucket is older than `l`.
 */

// The admit and settle operations, run many to a call (see BATCH_SCRIPT below).
// Admit, KEYS: 1 revoked marker, 2 request window, 3 token window, 4 month spend (micro-USD)
//   ARGV: 1 now (s), 2 rpm (0 = none), 3 tpm (0 = none), 4 tokens to reserve,
//         5 monthly budget (micro-USD, 0 = none), 6 cost to reserve (micro-USD), 7 spend TTL (s)
//   Returns {verdict, requests used, tokens used, oldest request bucket, oldest token bucket, spent}
//   verdict: 0 admitted, 1 revoked, 2 over rpm, 3 over tpm, 4 over budget
//   (the oldest buckets are looked up for a refusal only, for its Retry-After; 0 otherwise)
// Settle replaces a reservation by what the request really used.
//   KEYS: 1 token window, 2 month spend
//   ARGV: 1 second the reservation was counted in, 2 token delta, 3 cost delta, 4 now (s)
//
// Many admits and settles in one call: one EVALSHA per event-loop pass instead of one per
// request. The operations run in queue order and the whole call is atomic, so limits hold
// exactly as with one call per operation.
// Within a call a window's sum is read once per key and then kept up to date in Lua, since
// nothing else can touch it until the call ends.
// KEYS: per admit its 4, per settle its 2, in operation order.
// ARGV: per admit 'a' and its 7 arguments; per settle 's' and its 4.
// Returns one entry per operation: the admit's array for an admit, 1 for a settle.
export const BATCH_SCRIPT = `
local windows = {}
-- Sum and low rebuilt from the buckets themselves (a new, expired or long-idle window).
local function rebuild(key, floor)
  local fields = redis.call('HGETALL', key)
  local sum, stale = 0, {}
  for i = 1, #fields, 2 do
    local second = tonumber(fields[i])
    if second then
      if second < floor then stale[#stale + 1] = fields[i]
      else sum = sum + tonumber(fields[i + 1]) end
    end
  end
  if #stale > 0 then redis.call('HDEL', key, unpack(stale)) end
  return sum
end
local function window(key, now)
  local w = windows[key]
  if w and w.now == now then return w end
  local floor = now - 59
  local state = redis.call('HMGET', key, 's', 'l')
  local sum, low = tonumber(state[1]), tonumber(state[2])
  if not sum or not low or low < floor - 60 then
    sum, low = rebuild(key, floor), floor
    if redis.call('EXISTS', key) == 1 then redis.call('HSET', key, 's', sum, 'l', low) end
  elseif low < floor then
    -- Buckets that left the window since it was last read: subtract and drop them.
    for second = low, floor - 1 do
      local left = redis.call('HGET', key, second)
      if left then
        sum = sum - tonumber(left)
        redis.call('HDEL', key, second)
      end
    end
    low = floor
    redis.call('HSET', key, 's', sum, 'l', low)
  end
  w = {now = now, sum = sum, low = low, expiring = false}
  windows[key] = w
  return w
end
-- The oldest bucket still in the window (a refusal's Retry-After); 0 when there is none.
local function oldest(key, w)
  for second = w.low, w.now do
    if redis.call('HEXISTS', key, second) == 1 then return second end
  end
  return 0
end
local function add(key, w, amount)
  redis.call('HINCRBY', key, w.now, amount)
  if w.sum == 0 and redis.call('HEXISTS', key, 'l') == 0 then
    redis.call('HSET', key, 'l', w.low)
  end
  redis.call('HINCRBY', key, 's', amount)
  if not w.expiring then
    redis.call('EXPIRE', key, 61)
    w.expiring = true
  end
  w.sum = w.sum + amount
end
local function admit(k, a)
  if redis.call('EXISTS', KEYS[k]) == 1 then return {1, 0, 0, 0, 0, 0} end
  local now = tonumber(ARGV[a])
  local rpm, tpm = tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2])
  local reserve, budget, cost = tonumber(ARGV[a + 3]), tonumber(ARGV[a + 4]), tonumber(ARGV[a + 5])
  local requests, tokens = 0, 0
  local rw, tw
  if rpm > 0 then
    rw = window(KEYS[k + 1], now)
    requests = rw.sum
    if requests + 1 > rpm then return {2, requests, 0, oldest(KEYS[k + 1], rw), 0, 0} end
  end
  if tpm > 0 then
    tw = window(KEYS[k + 2], now)
    tokens = tw.sum
    if tokens + reserve > tpm then return {3, requests, tokens, 0, oldest(KEYS[k + 2], tw), 0} end
  end
  local spent = tonumber(redis.call('GET', KEYS[k + 3]) or '0')
  if budget > 0 and spent + cost > budget then return {4, requests, tokens, 0, 0, spent} end
  if rw then add(KEYS[k + 1], rw, 1) end
  if tw then add(KEYS[k + 2], tw, reserve) end
  spent = redis.call('INCRBY', KEYS[k + 3], cost)
  redis.call('EXPIRE', KEYS[k + 3], tonumber(ARGV[a + 6]))
  return {0, requests + 1, tokens + reserve, 0, 0, spent}
end
local function settle(k, a)
  local second, tokenDelta, costDelta = ARGV[a], tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2])
  if tokenDelta ~= 0 and tonumber(second) > tonumber(ARGV[a + 3]) - 60 and redis.call('HEXISTS', KEYS[k], second) == 1 then
    -- The bucket and the sum change alike; a bucket never goes below 0.
    local left = redis.call('HINCRBY', KEYS[k], second, tokenDelta)
    local change = tokenDelta
    if left < 0 then
      redis.call('HSET', KEYS[k], second, 0)
      change = tokenDelta - left
    end
    redis.call('HINCRBY', KEYS[k], 's', change)
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
