local M = {}
function M.evil(last) return last end
return M
