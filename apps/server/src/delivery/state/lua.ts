/**
 * The Redis store's atomic steps, one Lua script each (Redis runs a script alone, so a
 * check-and-take in one script is atomic across every process). Amounts are integers;
 * `int()` formats them without Lua's exponent notation. Each script answers the numbers
 * the caller mirrors in its cache.
 */

const INT = `local function int(n) return string.format('%d', n) end`;

/**
 * Gives back `amount` of a plan's spent-or-reserved and an advertiser's pending; answers
 * the plan's spent left (-1 when its key is gone) and the pending left.
 */
const RELEASE_FN = `local function release(planKey, pendingKey, amount, ttl)
  local spentLeft = -1
  local spent = redis.call('GET', planKey)
  if spent then
    spentLeft = math.max(0, tonumber(spent) - amount)
    redis.call('SET', planKey, int(spentLeft), 'KEEPTTL')
  end
  local pending = math.max(0, tonumber(redis.call('GET', pendingKey) or '0') - amount)
  redis.call('SET', pendingKey, int(pending), 'EX', ttl)
  return spentLeft, pending
end`;

/**
 * The ledger now holds `amount` of an advertiser's pending: answers the pending left and
 * the settled total, which only grows (readers compare it with the total they noted
 * before reading the ledger).
 */
const SETTLE_FN = `local function settle(pendingKey, settledKey, amount, ttl)
  local pending = math.max(0, tonumber(redis.call('GET', pendingKey) or '0') - amount)
  redis.call('SET', pendingKey, int(pending), 'EX', ttl)
  return pending, redis.call('INCRBY', settledKey, int(amount))
end`;

/**
 * Gives back the amount a member of the holds or tracked set stands for; members end in
 * `|<plan>|<advertiser>|<day>|<micros>`. ARGV prefix: the keys' prefix; ttl: pending's.
 */
const GIVE_BACK = `${RELEASE_FN}
local function giveBack(member, prefix, ttl)
  local plan, advertiser, day, micros = string.match(member, '|(%d+)|(%d+)|([^|]+)|(%d+)$')
  if not micros then return end
  release(prefix .. 'plan:' .. plan .. ':' .. day, prefix .. 'pending:' .. advertiser, tonumber(micros), ttl)
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
${RELEASE_FN}
local spentLeft, pending = release(KEYS[1], KEYS[2], tonumber(ARGV[1]), ARGV[2])
return {spentLeft, pending}`;

/**
 * KEYS: advertiser pending, advertiser settled total. ARGV: micros, pending key ttl.
 * Answers {pending, settled}.
 */
export const SETTLE_LUA = `${INT}
${SETTLE_FN}
local pending, settled = settle(KEYS[1], KEYS[2], tonumber(ARGV[1]), ARGV[2])
return {pending, settled}`;

/**
 * A committed flush's whole effect on the store, in one step: the advertisers' spend
 * settled, the reservations it will not bill given back, and its tracked members
 * forgotten. In separate steps a crash between them left a settled reservation tracked,
 * and the restart gave it back a second time (releaseOrphaned).
 * KEYS: the tracked set. ARGV: key prefix, pending key ttl, how many settlements, how many
 * releases, then <advertiser, micros> per settlement, <plan, advertiser, day, micros> per
 * release, then the members to forget.
 * Answers {pending, settled} per settlement, then {plan spent or -1, pending} per release.
 */
export const SETTLE_BATCH_LUA = `${INT}
${RELEASE_FN}
${SETTLE_FN}
local prefix, ttl = ARGV[1], ARGV[2]
local at = 5
local reply = {}
for _ = 1, tonumber(ARGV[3]) do
  local advertiser = ARGV[at]
  local pending, settled = settle(prefix .. 'pending:' .. advertiser, prefix .. 'settled:' .. advertiser, tonumber(ARGV[at + 1]), ttl)
  reply[#reply + 1] = pending
  reply[#reply + 1] = settled
  at = at + 2
end
for _ = 1, tonumber(ARGV[4]) do
  local plan, advertiser, day = ARGV[at], ARGV[at + 1], ARGV[at + 2]
  local spentLeft, pending = release(prefix .. 'plan:' .. plan .. ':' .. day, prefix .. 'pending:' .. advertiser, tonumber(ARGV[at + 3]), ttl)
  reply[#reply + 1] = spentLeft
  reply[#reply + 1] = pending
  at = at + 4
end
for index = at, #ARGV do redis.call('ZREM', KEYS[1], ARGV[index]) end
return reply`;

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
