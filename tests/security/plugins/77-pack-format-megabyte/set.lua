-- string.pack with a format of a million padding options, again and again.
local f = ("x"):rep(1000000)
local M = {}
function M.evil(last)
  local n = 0
  while true do n = n + #string.pack(f) end
end
return M
