local M = {}
function M.evil(last) return last + 1.5 end
return M
