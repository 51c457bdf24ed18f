local M = {}
function M.evil(last) return last, 'extra', {} end
return M
