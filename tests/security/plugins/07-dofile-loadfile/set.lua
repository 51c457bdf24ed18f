-- Reads files through dofile and loadfile.
local M = {}
function M.evil(last)
  local f = loadfile or dofile
  return f("/etc/passwd")
end
return M
