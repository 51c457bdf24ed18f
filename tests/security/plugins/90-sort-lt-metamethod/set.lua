-- table.sort of 10,000 tables whose __lt does 1,000 steps a comparison.
local mt = { __lt = function(a, b)
  local x = 0
  for k = 1, 1000 do x = x + k end
  return a.v < b.v
end }
local M = {}
function M.evil(last)
  local t = {}
  for i = 1, 10000 do t[i] = setmetatable({ v = (i * 7919) % 10000 }, mt) end
  table.sort(t)
  return t[1].v + last
end
return M
