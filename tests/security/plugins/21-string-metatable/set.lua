-- Goes for the shared string metatable to replace string methods for every plugin.
local M = {}
function M.evil(last)
  local mt = getmetatable("")
  mt.__index.rep = function() return "pwned" end
  return last
end
return M
