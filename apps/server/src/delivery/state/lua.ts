/**
 * The Redis store's atomic steps, one Lua script each (Redis runs a script alone, so a
 * check-and-take in one script is atomic across every process). Amounts are integers;
 * `int()` formats them without Lua's exponent notation. Each script answers the numbers
 * the caller mirrors in its cache.
 */

const INT = `local function int(n) return string.format('%d', n) end`;

/**
 * Gives back the amount a member of the holds or tracked set stands for; members end in
 * `|<plan>|<advertiser>|<day>|<micros>`. ARGV prefix: the keys' prefix; ttl: pending's.
 */
const GIVE_BACK = `local function giveBack(member, prefix, ttl)
  local plan, advertiser, day, micros = string.match(member, '|(%d+)|(%d+)|([^|]+)|(%d+)$')
  if not micros then return end
  local amount = tonumber(micros)
  local planKey = prefix .. 'plan:' .. plan .. ':' .. day
  local spent = redis.call('GET', planKey)
  if spent then
    redis.call('SET', planKey, int(math.max(0, tonumber(spent) - amount)), 'KEEPTTL')
  end
  local pendingKey = prefix .. 'pending:' .. advertiser
  local pending = tonumber(redis.call('GET', pendingKey) or '0')
  redis.call('SET', pendingKey, int(math.max(0, pending - amount)), 'EX', ttl)
end`;

/**
 * KEYS: plan spent on the day, advertiser pending, advertiser settled total, the tracked
 * set. ARGV: micros, budget, plan spend in the database, ledger balance, settled total
 * noted before that balance was read, plan key ttl, pending key ttl, the tracked member
 * without its amount ('' = not tracked), its expiry (epoch ms).
 * Answers {taken, plan spent, pending, settled}.
 */
export const RESERVE_LUA = `${INT}
local micros = tonumber(ARGV[1])
local spent = tonumber(redis.call('GET', KEYS[1]) or '0')
-- The database may know spend this key does not (first use today, a lost key): never less.
local databaseSpent = tonumber(ARGV[3])
if spent < databaseSpent then spent = databaseSpent end
local pending = tonumber(redis.call('GET', KEYS[2]) or '0')
local settled = tonumber(redis.call('GET', KEYS[3]) or '0')
local settledSince = settled - tonumber(ARGV[5])
if settledSince < 0 then settledSince = 0 end
local available = tonumber(ARGV[4]) - settledSince - pending
local taken = math.min(micros, tonumber(ARGV[2]) - spent, available)
if taken < 0 then taken = 0 end
if taken > 0 then
  spent = spent + taken
  pending = pending + taken
  redis.call('SET', KEYS[1], int(spent), 'EX', ARGV[6])
  redis.call('SET', KEYS[2], int(pending), 'EX', ARGV[7])
  if ARGV[8] ~= '' then redis.call('ZADD', KEYS[4], ARGV[9], ARGV[8] .. int(taken)) end
end
return {taken, spent, pending, settled}`;

/**
 * A billed event claims its served ad's hold. KEYS: the holds set, the tracked set.
 * ARGV: the hold's member, held micros, billed micros (at most held), the tracked member
 * without its amount ('' = not tracked), its expiry, key prefix, pending key ttl.
 * Answers 1 when the hold was there (the unbilled part given back), else 0.
 */
export const CLAIM_HOLD_LUA = `${INT}
${GIVE_BACK}
if redis.call('ZREM', KEYS[1], ARGV[1]) == 0 then return 0 end
local held = tonumber(ARGV[2])
local billed = tonumber(ARGV[3])
if billed < held then
  local rest = string.gsub(ARGV[1], '|%d+$', '|' .. int(held - billed))
  giveBack(rest, ARGV[6], ARGV[7])
end
if billed > 0 and ARGV[4] ~= '' then redis.call('ZADD', KEYS[2], ARGV[5], ARGV[4] .. int(billed)) end
return 1`;

/**
 * Gives back the given members of a set that are still in it (a dead process's tracked
 * reservations). KEYS: the set. ARGV: key prefix, pending key ttl, members…
 * Answers how many it gave back.
 */
export const RELEASE_MEMBERS_LUA = `${INT}
${GIVE_BACK}
local released = 0
for index = 3, #ARGV do
  if redis.call('ZREM', KEYS[1], ARGV[index]) == 1 then
    giveBack(ARGV[index], ARGV[1], ARGV[2])
    released = released + 1
  end
end
return released`;

/**
 * A served ad's hold: RESERVE_LUA's check, all or nothing, and the hold filed in a sorted
 * set by its expiry. KEYS and ARGV: RESERVE_LUA's, then the holds set; ARGV then the expiry
 * (epoch ms) and the member (`<id>|<plan>|<advertiser>|<day>|<micros>`).
 * Answers {taken, plan spent, pending, settled}.
 */
export const HOLD_LUA = `${INT}
local micros = tonumber(ARGV[1])
local spent = tonumber(redis.call('GET', KEYS[1]) or '0')
local databaseSpent = tonumber(ARGV[3])
if spent < databaseSpent then spent = databaseSpent end
local pending = tonumber(redis.call('GET', KEYS[2]) or '0')
local settled = tonumber(redis.call('GET', KEYS[3]) or '0')
local settledSince = settled - tonumber(ARGV[5])
if settledSince < 0 then settledSince = 0 end
local available = tonumber(ARGV[4]) - settledSince - pending
if micros <= 0 or tonumber(ARGV[2]) - spent < micros or available < micros then
  return {0, spent, pending, settled}
end
spent = spent + micros
pending = pending + micros
redis.call('SET', KEYS[1], int(spent), 'EX', ARGV[6])
redis.call('SET', KEYS[2], int(pending), 'EX', ARGV[7])
redis.call('ZADD', KEYS[4], ARGV[8], ARGV[9])
return {micros, spent, pending, settled}`;

/**
 * Gives back the members past their expiry of the holds or the tracked set, whichever
 * process filed them (a crashed one's too), at most ARGV[2] a call. KEYS: the set. ARGV: now (epoch ms), limit, key
 * prefix, pending key ttl. Answers how many it gave back.
 */
export const RELEASE_EXPIRED_HOLDS_LUA = `${INT}
${GIVE_BACK}
local expired = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
for _, member in ipairs(expired) do
  giveBack(member, ARGV[3], ARGV[4])
  redis.call('ZREM', KEYS[1], member)
end
return #expired`;

/**
 * KEYS: plan spent on the day, advertiser pending. ARGV: micros, pending key ttl.
 * Answers {plan spent or -1 when the key is gone, pending}.
 */
export const RELEASE_LUA = `${INT}
local micros = tonumber(ARGV[1])
local spent = redis.call('GET', KEYS[1])
local spentLeft = -1
if spent then
  spentLeft = math.max(0, tonumber(spent) - micros)
  redis.call('SET', KEYS[1], int(spentLeft), 'KEEPTTL')
end
local pending = math.max(0, tonumber(redis.call('GET', KEYS[2]) or '0') - micros)
redis.call('SET', KEYS[2], int(pending), 'EX', ARGV[2])
return {spentLeft, pending}`;

/**
 * KEYS: advertiser pending, advertiser settled total. ARGV: micros, pending key ttl.
 * Answers {pending, settled}. The settled total only grows: readers compare it with the
 * total they noted before reading the ledger.
 */
export const SETTLE_LUA = `${INT}
local pending = math.max(0, tonumber(redis.call('GET', KEYS[1]) or '0') - tonumber(ARGV[1]))
redis.call('SET', KEYS[1], int(pending), 'EX', ARGV[2])
local settled = redis.call('INCRBY', KEYS[2], ARGV[1])
return {pending, settled}`;

/**
 * KEYS: the user's caps hash. ARGV: plan id (the field), impression time, keep times since,
 * keep at most, key ttl. The field holds ascending epoch seconds, comma-separated.
 * Answers how many times the field holds now.
 */
export const RECORD_IMPRESSION_LUA = `${INT}
local at = tonumber(ARGV[2])
local since = tonumber(ARGV[3])
local keep = tonumber(ARGV[4])
local times = {}
local stored = redis.call('HGET', KEYS[1], ARGV[1])
if stored then
  for text in string.gmatch(stored, '%d+') do
    local time = tonumber(text)
    if time >= since then times[#times + 1] = time end
  end
end
times[#times + 1] = at
table.sort(times)
local kept = {}
for index = math.max(1, #times - keep + 1), #times do kept[#kept + 1] = int(times[index]) end
redis.call('HSET', KEYS[1], ARGV[1], table.concat(kept, ','))
if redis.call('TTL', KEYS[1]) < tonumber(ARGV[5]) then redis.call('EXPIRE', KEYS[1], ARGV[5]) end
return #kept`;
