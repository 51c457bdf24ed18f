-- Sorts 1,000 references to one 1 MB string: few instructions, but every comparison is a
-- full megabyte compared inside one C call (table.sort), where no hook can stop it. Each
-- comparison is charged by the bytes it compares.
local big = ("x"):rep(1000000)
local M = {}
function M.evil(last)
  local t = {}
  for i = 1, 1000 do t[i] = big end
  table.sort(t)
  return last
end
return M
