-- table.concat of two half-megabyte strings, again and again.
local h = ("a"):rep(500000)
local t = { h, h }
local M = {}
function M.evil(last)
  local n = 0
  while true do n = n + #table.concat(t) end
end
return M
