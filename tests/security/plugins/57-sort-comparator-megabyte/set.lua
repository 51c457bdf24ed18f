-- As 56, with the plugin's own comparator: its `a < b` is one VM instruction comparing a
-- megabyte. table.sort charges each call of the comparator for the strings it is given.
local big = ("x"):rep(1000000)
local M = {}
function M.evil(last)
  local t = {}
  for i = 1, 1000 do t[i] = big end
  table.sort(t, function(a, b) return a < b end)
  return last
end
return M
