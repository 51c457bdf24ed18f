-- Catches the budget error and goes on: pcall, xpcall with a looping message handler,
-- error handlers that retry, and a to-be-closed variable whose __close loops.
local M = {}
local function spin() while true do end end
function M.evil(last)
  while true do
    pcall(spin)
    xpcall(spin, function() while true do end end)
    xpcall(spin, function(e) return pcall(spin) end)
    pcall(pcall, pcall, spin)
    do
      local guard <close> = setmetatable({}, { __close = function() while true do end end })
      pcall(spin)
    end
  end
end
return M
