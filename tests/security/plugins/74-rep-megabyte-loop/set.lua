-- A megabyte made of two-byte pieces with a separator, again and again.
local M = {}
function M.evil(last)
  local n = 0
  while true do n = n + #(("a"):rep(333333, "bc")) end
end
return M
