local M = {}
function M.evil(last) error() end
return M
