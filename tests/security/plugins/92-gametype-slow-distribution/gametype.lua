-- Each call stays under its 1,000,000 instructions, but the distribution is tabulated for 256
-- cherry counts at load: 230 M instructions, seconds of a server's one thread.
local M = {}
function M.distribution(cherries)
  local x = 0
  for i = 1, 300000 do x = x + i end
  return cherries == 5 and 1 or 0
end
return M
