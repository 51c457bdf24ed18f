-- table.sort of 10,000 numbers with a comparator that does 1,000 steps a comparison.
local M = {}
function M.evil(last)
  local t = {}
  for i = 1, 10000 do t[i] = (i * 7919) % 10000 end
  table.sort(t, function(a, b)
    local x = 0
    for k = 1, 1000 do x = x + k end
    return a < b
  end)
  return t[1] + last
end
return M
