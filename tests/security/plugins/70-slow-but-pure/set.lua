-- Pure but slow: about 700,000 of the 1,000,000 instructions a call may run, every call. A game
-- plays it; check runs out of its own budget and must say so, not call it impure.
local M = {}
function M.evil(last)
  local x = 0
  for i = 1, 350000 do x = x + 1 end
  return last
end
return M
