-- 200,001 empty matches, each expanding 500,000 "%0" escapes: 10^11 steps in C.
local M = {}
function M.evil(last)
  return #(("a"):rep(200000):gsub("", ("%0"):rep(500000))) + last
end
return M
