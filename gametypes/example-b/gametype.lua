-- Score change for a cherry count at the end of a turn (GDD §3.3.1.4, second example).
local M = {}

local changes = { [1] = 3, [2] = 2, [3] = 1, [5] = -1, [6] = -2, [7] = -3, [20] = 20 }

function M.score_change(cherries)
  return changes[cherries] or 0
end

return M
