-- A handler that never returns, closing a to-be-closed variable whose __close raises again
-- and loops: every path Lua runs code on while handling an error.
local M = {}
local function handler(m)
  local again <close> = setmetatable({}, { __close = function() while true do end end })
  while true do end
end
function M.evil(last)
  local ok = xpcall(function()
    local trap <close> = setmetatable({}, { __close = function() error("b") end })
    error("a")
  end, handler)
  return ok and 1 or 0
end
return M
