local M = {}
function M.evil(last) return  end
return M
