-- A million values on the stack from one string.byte, again and again.
local s = ("a"):rep(1000)
s = s:rep(1000)
local M = {}
function M.evil(last)
  local n = 0
  while true do n = n + select("#", s:byte(1, -1)) end
end
return M
