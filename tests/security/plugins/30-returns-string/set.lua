local M = {}
function M.evil(last) return '5' end
return M
