-- 50000 varargs copied by every `...`: each instruction moves megabytes, so the instruction
-- budget alone would allow minutes. No counter sees this; the CPU-time safety net does.
local M = {}
local empty = {}
local function amplify(...)
  local n = 0
  while true do n = n + select("#", ...) end
end
function M.evil(last)
  return amplify(table.unpack(empty, 1, 50000))
end
return M
