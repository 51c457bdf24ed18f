-- table.concat with a megabyte separator between 1,000 small elements: the separator's bytes
-- are copied once per element, charged before the work starts.
local sep = ("-"):rep(1000000)
local M = {}
function M.evil(last)
  local t = {}
  for i = 1, 1000 do t[i] = "a" end
  return #table.concat(t, sep) + last
end
return M
