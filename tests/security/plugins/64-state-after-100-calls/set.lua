-- Pure for its first 100 calls, then not: check's probes (about 62 calls a state) missed it,
-- and sim, which ran many games on one Lua state, made a game's result depend on the games
-- before it, so `replay --game 49` of a sim record disagreed. Check now sees the upvalue
-- change at the first call; each game starts from the state after load.
local calls = 0
local M = {}
function M.evil(last)
  calls = calls + 1
  if calls > 100 then return last + 1 end
  return last
end
return M
