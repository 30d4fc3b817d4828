/**
 * The counting script, on the keys `{key:name}:hits` and `{key:name}:blocked`: adds ARGV[4] hits to a count that lives
 * ARGV[1] ms from its first hit; past ARGV[2] hits the key is blocked for ARGV[3] ms, after which its count starts again.
 * Answers { totalHits, ms to the window's end, blocked 1|0, ms to the block's end }. The algorithm and keys of
 * @nest-lab/throttler-storage-redis (after rate-limit-redis), with INCRBY, so one call can count several hits.
 */
export const INCREMENT_SCRIPT = `
local hitKey = KEYS[1]
local blockKey = KEYS[2]
local ttl = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local blockDuration = tonumber(ARGV[3])
local hits = tonumber(ARGV[4])

local totalHits = redis.call('INCRBY', hitKey, hits)
local timeToExpire = redis.call('PTTL', hitKey)
if timeToExpire <= 0 then
  redis.call('PEXPIRE', hitKey, ttl)
  timeToExpire = ttl
end

local isBlocked = redis.call('GET', blockKey)
local timeToBlockExpire = 0
if isBlocked then
  timeToBlockExpire = redis.call('PTTL', blockKey)
elseif totalHits > limit then
  redis.call('SET', blockKey, 1, 'PX', blockDuration)
  isBlocked = '1'
  timeToBlockExpire = blockDuration
end

if isBlocked and timeToBlockExpire <= 0 then
  redis.call('DEL', blockKey)
  redis.call('SET', hitKey, hits, 'PX', ttl)
  totalHits = hits
  timeToExpire = ttl
  isBlocked = false
end

return { totalHits, timeToExpire, isBlocked and 1 or 0, timeToBlockExpire }
`;
