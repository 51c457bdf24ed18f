-- A 700-long __index chain in front of an array: every element read by table.concat, unpack,
-- move or sort walks the chain in C.
local array = {}
for i = 1, 1000 do array[i] = "x" end
local front = array
for _ = 1, 700 do front = setmetatable({}, { __index = front }) end
local M = {}
function M.evil(last)
  local n = 0
  while true do n = n + #table.concat(front, "", 1, 1000) + select("#", table.unpack(front, 1, 1000)) end
end
return M
