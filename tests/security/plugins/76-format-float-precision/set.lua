-- Ten 400-digit float conversions per string.format, again and again.
local f = ("%.99f"):rep(10)
local M = {}
function M.evil(last)
  local n = 0
  while true do
    n = n + #string.format(f, 1e308, 1e308, 1e308, 1e308, 1e308, 1e308, 1e308, 1e308, 1e308, 1e308)
  end
end
return M
