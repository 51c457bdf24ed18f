-- A fresh megabyte string as a table key, again and again.
local h = ("a"):rep(999999)
local M = {}
function M.evil(last)
  local n = 0
  while true do
    local t = {}
    n = n + 1
    t[h .. (n % 10)] = n
  end
end
return M
