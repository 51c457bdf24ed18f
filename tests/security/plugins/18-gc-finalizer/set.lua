-- Finalizers run with hooks off: a looping __gc would hang the host in any later collection or
-- when the state is closed. Tries the late-add trick at load, then a direct one at call time.
local mt = {}
LATE = setmetatable({}, mt)
mt.__gc = function() while true do end end   -- added after setmetatable: the copy never sees it
LATE = nil
local M = {}
function M.evil(last)
  setmetatable({}, { __gc = function() while true do end end })
  return last
end
return M
