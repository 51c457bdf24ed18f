-- Coroutines could yield across the budget hook; they are not opened.
local M = {}
function M.evil(last)
  local co = coroutine.wrap(function() while true do coroutine.yield() end end)
  return last
end
return M
