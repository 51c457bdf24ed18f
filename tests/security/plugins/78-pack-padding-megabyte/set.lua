-- string.pack("c1000000", ""): a megabyte of padding, again and again.
local M = {}
function M.evil(last)
  local n = 0
  while true do n = n + #string.pack("c1000000", "") end
end
return M
