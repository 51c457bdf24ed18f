local M = {}
function M.evil(last)
  while true do last = last + 1 end
end
return M
