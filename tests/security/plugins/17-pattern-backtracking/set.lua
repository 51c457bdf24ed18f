-- A pattern whose backtracking is exponential in C (no instruction runs while it matches).
local M = {}
function M.evil(last)
  local subject = ("a"):rep(60)
  local found = subject:find(("a*"):rep(12) .. "b")
  return found or last
end
return M
