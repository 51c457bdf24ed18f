-- utf8.char of 10,000 code points (the most table.unpack returns), again and again.
local points = {}
for i = 1, 10000 do points[i] = 0x10FFFF end
local M = {}
function M.evil(last)
  local n = 0
  while true do n = n + #utf8.char(table.unpack(points)) end
end
return M
