-- string.format("%q") of 250,000 NUL bytes, again and again.
local nul = ("\0"):rep(250000)
local M = {}
function M.evil(last)
  local n = 0
  while true do n = n + #string.format("%q", nul) end
end
return M
