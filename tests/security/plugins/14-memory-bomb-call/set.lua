-- Fills memory with megabyte strings at call time, catching the errors to go on.
local M = {}
function M.evil(last)
  local block = ("x"):rep(1000):rep(1000)  -- a megabyte (a byte at a time is slow under ASan)
  local hoard = {}
  for i = 1, math.huge do
    hoard[i] = block .. i
  end
end
return M
