-- 1,001 matches of "()", each expanding 1,000 position captures into text.
local M = {}
function M.evil(last)
  local n = 0
  while true do n = n + #(("a"):rep(1000):gsub("()", ("%1"):rep(1000))) end
end
return M
