-- Fills memory with megabyte strings at call time, catching the errors to go on.
local M = {}
function M.evil(last)
  local block = ("x"):rep(1000000)
  local hoard = {}
  for i = 1, math.huge do
    hoard[i] = block .. i
  end
end
return M
