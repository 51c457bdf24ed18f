-- load with a reader: "--[[" and then 64 KB pieces of a comment that never closes.
local piece = ("a"):rep(1000)
piece = piece:rep(64)
local M = {}
function M.evil(last)
  local n = 0
  while true do
    local first = true
    local f, message = load(function()
      if first then first = false; return "--[[" end
      return piece
    end)
    n = n + #tostring(message)
  end
end
return M
