-- Walking a megabyte with utf8.codes, again and again.
local text = ("a"):rep(1000000)
local M = {}
function M.evil(last)
  local n = 0
  while true do for _, c in utf8.codes(text) do n = n + c end end
end
return M
