-- Recursion through metamethods and library functions, which nests C calls.
local M = {}
local t = setmetatable({}, { __index = function(t, k) return t[k + 1] end })
function M.evil(last)
  local ok = pcall(string.gsub, "x", ".", function() return string.gsub("x", ".", M.evil) end)
  return t[last]
end
return M
