-- Each call stays well under its own limits (about 100,000 instructions, well under 1 ms of CPU
-- even on a slow machine), but the distribution is tabulated for 256 cherry counts at load:
-- 25 M instructions in all, more than loading's budget.
local M = {}
function M.distribution(cherries)
  local x = 0
  for i = 1, 40000 do x = x + i end
  return cherries == 5 and 1 or 0
end
return M
