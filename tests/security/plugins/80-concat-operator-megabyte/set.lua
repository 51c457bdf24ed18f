-- Concatenating two half-megabyte strings, again and again.
local h = ("a"):rep(500000)
local M = {}
function M.evil(last)
  local n = 0
  while true do n = n + #(h .. h) end
end
return M
