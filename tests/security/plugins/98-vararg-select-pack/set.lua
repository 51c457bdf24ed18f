-- 10,000 values from table.unpack, then tail calls that add one each, then select / table.pack.
local M = {}
local ten = {}
for i = 1, 10000 do ten[i] = i end
local function grow(k, ...)
  if k == 0 then return select(1, ...), table.pack(...) end
  return grow(k - 1, k, ...)
end
function M.evil(last)
  local n = 0
  while true do n = n + grow(100, table.unpack(ten)) end
end
return M
