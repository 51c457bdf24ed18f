-- A to-be-closed variable whose __close loops, closed by an error's unwinding.
local M = {}
function M.evil(last)
  local trap <close> = setmetatable({}, { __close = function() while true do end end })
  error("boom")
end
return M
