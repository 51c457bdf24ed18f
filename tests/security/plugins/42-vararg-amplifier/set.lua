-- 10000 varargs (the most a library call returns) copied by every `...`: each instruction
-- moves 160 KB, so the instruction budget alone would allow seconds. No counter sees this; the CPU-time safety net does.
local M = {}
local empty = {}
local function amplify(...)
  local n = 0
  while true do n = n + select("#", ...) end
end
function M.evil(last)
  return amplify(table.unpack(empty, 1, 10000))
end
return M
