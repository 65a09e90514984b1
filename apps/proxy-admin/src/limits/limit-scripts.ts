/**
 * Lua run atomically in Redis, so limits hold across replicas: no replica can read a counter,
 * be overtaken by another, and write a stale sum back.
 *
 * Windows are sliding: 60 one-second buckets in a hash (field = epoch second), so there is no
 * fixed-window edge where twice the limit passes in a moment.
 */

// KEYS: 1 revoked marker, 2 request buckets, 3 token buckets, 4 month spend (micro-USD)
// ARGV: 1 now (s), 2 rpm (0 = none), 3 tpm (0 = none), 4 tokens to reserve,
//       5 monthly budget (micro-USD, 0 = none), 6 cost to reserve (micro-USD), 7 spend TTL (s)
// Returns {verdict, requests used, tokens used, oldest request bucket, oldest token bucket, spent}
// verdict: 0 admitted, 1 revoked, 2 over rpm, 3 over tpm, 4 over budget
export const ADMIT_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return {1, 0, 0, 0, 0, 0} end
local now = tonumber(ARGV[1])
local rpm, tpm = tonumber(ARGV[2]), tonumber(ARGV[3])
local reserve, budget, cost = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local function window(key)
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
  return sum, oldest
end
local requests, oldestRequest, tokens, oldestToken = 0, 0, 0, 0
if rpm > 0 then
  requests, oldestRequest = window(KEYS[2])
  if requests + 1 > rpm then return {2, requests, 0, oldestRequest, 0, 0} end
end
if tpm > 0 then
  tokens, oldestToken = window(KEYS[3])
  if tokens + reserve > tpm then return {3, requests, tokens, oldestRequest, oldestToken, 0} end
end
local spent = tonumber(redis.call('GET', KEYS[4]) or '0')
if budget > 0 and spent + cost > budget then return {4, requests, tokens, oldestRequest, oldestToken, spent} end
if rpm > 0 then
  redis.call('HINCRBY', KEYS[2], now, 1)
  redis.call('EXPIRE', KEYS[2], 61)
end
if tpm > 0 then
  redis.call('HINCRBY', KEYS[3], now, reserve)
  redis.call('EXPIRE', KEYS[3], 61)
end
spent = redis.call('INCRBY', KEYS[4], cost)
redis.call('EXPIRE', KEYS[4], tonumber(ARGV[7]))
return {0, requests + 1, tokens + reserve, oldestRequest, oldestToken, spent}
`;

// Replaces a reservation by what the request really used.
// KEYS: 1 token buckets, 2 month spend
// ARGV: 1 second the reservation was counted in, 2 token delta, 3 cost delta, 4 now (s)
export const SETTLE_SCRIPT = `
local second, tokenDelta, costDelta = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
if tokenDelta ~= 0 and tonumber(second) > tonumber(ARGV[4]) - 60 and redis.call('HEXISTS', KEYS[1], second) == 1 then
  local left = redis.call('HINCRBY', KEYS[1], second, tokenDelta)
  if left < 0 then redis.call('HSET', KEYS[1], second, 0) end
end
if costDelta ~= 0 then
  local spent = redis.call('INCRBY', KEYS[2], costDelta)
  if spent < 0 then redis.call('SET', KEYS[2], 0, 'KEEPTTL') end
end
return 1
`;
