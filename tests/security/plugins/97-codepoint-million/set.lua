-- A million code points on the stack from one utf8.codepoint, again and again.
local s = ("a"):rep(1000)
s = s:rep(1000)
local M = {}
function M.evil(last)
  local n = 0
  while true do n = n + select("#", utf8.codepoint(s, 1, -1)) end
end
return M
