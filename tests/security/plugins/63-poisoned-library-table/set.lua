-- As 62, through the library table itself, and through rawset, which skips metamethods.
local M = {}
function M.poison(last)
  pcall(rawset, math, "max", nil)  -- refused too
  math.max = nil
  return last
end
function M.innocent(last)
  return math.max(last, 0)
end
return M
