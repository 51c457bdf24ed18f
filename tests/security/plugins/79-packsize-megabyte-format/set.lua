-- string.packsize over 300,000 sixteen-byte options, again and again.
local f = ("i16"):rep(300000)
local M = {}
function M.evil(last)
  local n = 0
  while true do n = n + string.packsize(f) end
end
return M
